import { createApp } from './src/app.js';
import { loadConfig } from './src/config.js';

const config = loadConfig(process.env);
const server = createApp({ config });
server.listen(config.port, () => {
  console.log(JSON.stringify({ level: 'info', msg: 'listening', port: server.address().port }));
});
