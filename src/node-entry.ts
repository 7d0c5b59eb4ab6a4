// Entry of the npm bundle (dist/memcue.mjs), run by bin/memcue.js under Node or Bun.
import { main } from './main.js';

await main();
