// The baseline of the media bench: a bare Node http server streaming one file from disk (stat for its length,
// then fs.createReadStream), as a minimal static server would. Usage: node bare-server.mjs FILE CONTENT-TYPE
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';

const [file, contentType] = process.argv.slice(2);
const server = createServer(async (_request, response) => {
  const info = await stat(file);
  response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': info.size });
  createReadStream(file).pipe(response);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
