// Database tests run the API, the queue and the retention job: they need the features installed,
// as the server's composition root (src/features/index.ts) installs them.
import '@/features';
