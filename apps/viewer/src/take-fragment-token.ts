import { takeFragmentToken } from './tokens';

// imported first by main.ts: a link's token leaves the address before any other module runs or fetches
takeFragmentToken(location, history);
