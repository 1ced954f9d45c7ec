import { handle } from 'hono/vercel';
import { features } from '@/features';
import { createApi } from '@/server/api/app';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handler = handle(createApi(features));

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS, handler as HEAD };
