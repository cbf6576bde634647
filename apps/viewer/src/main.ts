const root = document.getElementById('app')!;
root.textContent = 'matchlog viewer';
