import { api } from '../../lib/api-client.js';
import { revalidate } from '../../lib/revalidate.js';

// svc-auth's live feed for staff (svc-auth/API.md "Staff's live notices").
const LIVE = '/api/v1/auth/admin/live';
export const LIVE_EVENTS = `${LIVE}/events`;
export const LIVE_EVENT_TYPES = ['counts', 'notice'];

/** markSeen records that staff looked at the categories' screen now; answers {counts}. */
export const markSeen = (categories, lang) => api.post(`${LIVE}/seen`, { categories }, { lang });

/**
 * renewSession is a call through the API client, which renews an expired access token: the
 * stream's reconnection was refused (401 once its token expired), and the next one needs the
 * new cookie.
 */
export const renewSession = (lang) => api.get('/api/v1/auth/me', { lang }).catch(() => {});

/**
 * refreshScreen has every answer on screen fetched again: staff opening a section that has news
 * (clicking its menu entry while on it, too) see it, not the list as it was.
 */
export const refreshScreen = () => revalidate(() => true);
