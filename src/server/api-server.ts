// The server without Next.js pages: the live server's integration tests and `npm run bench:live`
// start it as `node --import tsx src/server/api-server.ts` (same environment as server.ts).
import { main } from "./main";

void main({ pages: false });
