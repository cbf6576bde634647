import { readFileSync } from 'fs';

/** One V8 heap snapshot (.heapsnapshot JSON), read whole: its nodes by class, and each node's first retainer. */
export interface HeapSummary {
  /** self bytes and count of nodes by class: an object's constructor, or the node type for the rest ("(string)", "(code)"…) */
  readonly byClass: Map<string, { bytes: number; count: number }>;
  readonly totalBytes: number;
  /** up to `depth` retainers of a few nodes of a class, nearest first, as "Class.edge" */
  retainers(className: string, samples: number, depth: number): string[][];
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export const readHeapSnapshot = (file: string): HeapSummary => {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
  const { node_fields, node_types, edge_fields, edge_types } = heap.snapshot.meta;
  const [N, E] = [node_fields.length, edge_fields.length];
  const [TYPE, NAME, SELF, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) => node_fields.indexOf(f));
  const [EDGE_TYPE, EDGE_NAME, TO] = ['type', 'name_or_index', 'to_node'].map((f) => edge_fields.indexOf(f));
  const nodeTypes = node_types[0];
  const edgeTypes = edge_types[0];
  const count = heap.nodes.length / N;
  const classOf = (node: number): string => {
    const type = nodeTypes[heap.nodes[node * N + TYPE]];
    return type === 'object' || type === 'closure' ? heap.strings[heap.nodes[node * N + NAME]] : `(${type})`;
  };
  const byClass = new Map<string, { bytes: number; count: number }>();
  let totalBytes = 0;
  // the first strong retainer of each node, and the edge's name
  const retainer = new Int32Array(count).fill(-1);
  const retainerEdge = new Int32Array(count).fill(-1);
  let edge = 0;
  for (let node = 0; node < count; node++) {
    const self = heap.nodes[node * N + SELF];
    totalBytes += self;
    const cls = classOf(node);
    const entry = byClass.get(cls) ?? { bytes: 0, count: 0 };
    entry.bytes += self;
    entry.count++;
    byClass.set(cls, entry);
    for (let k = 0; k < heap.nodes[node * N + EDGES]; k++, edge += E) {
      const to = heap.edges[edge + TO] / N;
      if (edgeTypes[heap.edges[edge + EDGE_TYPE]] === 'weak' || retainer[to] !== -1) continue;
      retainer[to] = node;
      retainerEdge[to] = edge;
    }
  }
  const edgeName = (e: number): string => {
    const type = edgeTypes[heap.edges[e + EDGE_TYPE]];
    const name = heap.edges[e + EDGE_NAME];
    return type === 'element' || type === 'hidden' ? `[${name}]` : heap.strings[name];
  };
  return {
    byClass,
    totalBytes,
    retainers: (className, samples, depth) => {
      const nodes: number[] = [];
      for (let node = 0; node < count; node++) if (classOf(node) === className) nodes.push(node);
      const paths: string[][] = [];
      for (let k = 0; k < Math.min(samples, nodes.length); k++) {
        const node = nodes[Math.floor(((k + 0.5) * nodes.length) / Math.min(samples, nodes.length))];
        const path: string[] = [];
        for (let at = node; path.length < depth && retainer[at] >= 0; at = retainer[at]) path.push(`${classOf(retainer[at])}.${edgeName(retainerEdge[at])}`);
        paths.push(path);
      }
      return paths;
    },
  };
};
