/** Generated from the served /api/openapi.json by `npm run api:types`: do not edit by hand. */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database and Redis reachable */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your workspaces with your role in each */
        get: operations["getApiWorkspaces"];
        put?: never;
        /** Create a workspace (you become its owner) */
        post: operations["postApiWorkspaces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workspace */
        get: operations["getApiWorkspacesByWsId"];
        put?: never;
        post?: never;
        /** Delete a workspace and everything in it */
        delete: operations["deleteApiWorkspacesByWsId"];
        options?: never;
        head?: never;
        /** Update workspace settings (null clears a field) */
        patch: operations["patchApiWorkspacesByWsId"];
        trace?: never;
    };
    "/api/workspaces/{wsId}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (no secrets) */
        get: operations["getApiWorkspacesByWsIdApi-keys"];
        put?: never;
        /** Create an API key (the key is shown once) */
        post: operations["postApiWorkspacesByWsIdApi-keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an API key */
        delete: operations["deleteApiWorkspacesByWsIdApi-keysByKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the audit log, newest first */
        get: operations["getApiWorkspacesByWsIdAudit-log"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/bootstrap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create (or reuse) a user who owns a new workspace */
        post: operations["postApiAdminBootstrap"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workspaces/{wsId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set a workspace's plan */
        patch: operations["patchApiAdminWorkspacesByWsId"];
        trace?: never;
    };
    "/api/admin/login-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-time sign-in link for an existing user (installs without mail) */
        post: operations["postApiAdminLogin-link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint an API key for an existing member (default: the member's role, never above it) */
        post: operations["postApiAdminApi-keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/monitoring/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run one broken-link check pass now */
        post: operations["postApiAdminMonitoringRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a one-time sign-in link (the same answer whether or not the address has an account) */
        post: operations["postApiSessionSign-in-link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person, their CSRF token and their workspaces */
        get: operations["getApiSession"];
        put?: never;
        /** Sign in with the token of a sign-in link (sets the lh_session cookie) */
        post: operations["postApiSession"];
        /** Sign out (clears the cookie); 401 without a session */
        delete: operations["deleteApiSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out everywhere: ends every session of the person */
        delete: operations["deleteApiSessionAll"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's open sessions (the current one marked) */
        get: operations["getApiSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one of the person's sessions (its next request is signed out) */
        delete: operations["deleteApiSessionsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invites/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation offers (no API key: the token is the credential) */
        get: operations["getApiInvitesByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invites/{token}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join through an invitation and sign in (no API key: the token is the credential) */
        post: operations["postApiInvitesByTokenJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (the member is notified by e-mail) */
        delete: operations["deleteApiWorkspacesByWsIdMembersByUserId"];
        options?: never;
        head?: never;
        /** Change a member's role (the member is notified by e-mail) */
        patch: operations["patchApiWorkspacesByWsIdMembersByUserId"];
        trace?: never;
    };
    "/api/workspaces/{wsId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List members and pending invites */
        get: operations["getApiWorkspacesByWsIdMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List pending invites (unaccepted, unexpired) */
        get: operations["getApiWorkspacesByWsIdInvites"];
        put?: never;
        /** Invite someone by e-mail (valid 7 days; an invite e-mail is sent) */
        post: operations["postApiWorkspacesByWsIdInvites"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a pending invite */
        delete: operations["deleteApiWorkspacesByWsIdInvitesByInviteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/invites/{inviteId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the invite e-mail again with a new link, valid 7 days from now (the previous link stops working) */
        post: operations["postApiWorkspacesByWsIdInvitesByInviteIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invites/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invite (no API key: the token is the credential) */
        post: operations["postApiInvitesByTokenAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List custom domains */
        get: operations["getApiWorkspacesByWsIdDomains"];
        put?: never;
        /** Add a custom domain (then place the TXT record and verify) */
        post: operations["postApiWorkspacesByWsIdDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/domains/{domainId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check the DNS records of a domain (1 attempt per 10 s per domain) */
        post: operations["postApiWorkspacesByWsIdDomainsByDomainIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/domains/{domainId}/link-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Number of links on a domain (deleting the domain deletes them) */
        get: operations["getApiWorkspacesByWsIdDomainsByDomainIdLink-count"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/domains/{domainId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a domain and all its links */
        delete: operations["deleteApiWorkspacesByWsIdDomainsByDomainId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List client workspaces with their link and click counts */
        get: operations["getApiWorkspacesByWsIdClients"];
        put?: never;
        /** Create a client workspace (Agency): starts on free, your owners own it */
        post: operations["postApiWorkspacesByWsIdClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List links: search, filters, sort (newest first by default), pages */
        get: operations["getApiWorkspacesByWsIdLinks"];
        put?: never;
        /** Create a link */
        post: operations["postApiWorkspacesByWsIdLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/links/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create up to 100 links (invalid items are skipped) */
        post: operations["postApiWorkspacesByWsIdLinksBulk"];
        /** Delete up to 100 links (unknown IDs are ignored) */
        delete: operations["deleteApiWorkspacesByWsIdLinksBulk"];
        options?: never;
        head?: never;
        /** Add or remove tags on up to 100 links (unknown IDs are ignored) */
        patch: operations["patchApiWorkspacesByWsIdLinksBulk"];
        trace?: never;
    };
    "/api/workspaces/{wsId}/links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a link */
        get: operations["getApiWorkspacesByWsIdLinksByLinkId"];
        put?: never;
        post?: never;
        /** Delete a link */
        delete: operations["deleteApiWorkspacesByWsIdLinksByLinkId"];
        options?: never;
        head?: never;
        /** Update a link (null clears a field; effective on the next visit) */
        patch: operations["patchApiWorkspacesByWsIdLinksByLinkId"];
        trace?: never;
    };
    "/api/workspaces/{wsId}/links/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tags on at least one link, sorted, with their metadata */
        get: operations["getApiWorkspacesByWsIdLinksTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/links/tags/{tagName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a tag's colour, description or campaign dates (only the fields given change) */
        put: operations["putApiWorkspacesByWsIdLinksTagsByTagName"];
        post?: never;
        /** Delete a tag's metadata and remove the tag from every link of the workspace */
        delete: operations["deleteApiWorkspacesByWsIdLinksTagsByTagName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the templates of a workspace */
        get: operations["getApiWorkspacesByWsIdTemplates"];
        put?: never;
        /** Create a link template (Pro+) */
        post: operations["postApiWorkspacesByWsIdTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/templates/{templateId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a template */
        get: operations["getApiWorkspacesByWsIdTemplatesByTemplateId"];
        put?: never;
        post?: never;
        /** Delete a template (links made from it keep their values) */
        delete: operations["deleteApiWorkspacesByWsIdTemplatesByTemplateId"];
        options?: never;
        head?: never;
        /** Rename a template or replace its entire config */
        patch: operations["patchApiWorkspacesByWsIdTemplatesByTemplateId"];
        trace?: never;
    };
    "/api/workspaces/{wsId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks (no secrets) */
        get: operations["getApiWorkspacesByWsIdWebhooks"];
        put?: never;
        /** Create a webhook (the signing secret is shown once) */
        post: operations["postApiWorkspacesByWsIdWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook (no secret) */
        get: operations["getApiWorkspacesByWsIdWebhooksByWebhookId"];
        put?: never;
        post?: never;
        /** Delete a webhook and its delivery history */
        delete: operations["deleteApiWorkspacesByWsIdWebhooksByWebhookId"];
        options?: never;
        head?: never;
        /** Update a webhook; active false pauses it (events meanwhile are dropped) */
        patch: operations["patchApiWorkspacesByWsIdWebhooksByWebhookId"];
        trace?: never;
    };
    "/api/workspaces/{wsId}/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the signing secret; the old one stops working at once */
        post: operations["postApiWorkspacesByWsIdWebhooksByWebhookIdRotate-secret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event now and report the outcome */
        post: operations["postApiWorkspacesByWsIdWebhooksByWebhookIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery log of a webhook (7 days), newest first */
        get: operations["getApiWorkspacesByWsIdWebhooksByWebhookIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/links/{linkId}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A link's health: last check and its broken/recovered history */
        get: operations["getApiWorkspacesByWsIdLinksByLinkIdHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/portfolios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List portfolios (newest first, without links) */
        get: operations["getApiWorkspacesByWsIdPortfolios"];
        put?: never;
        /** Create a portfolio (public page at {site_url}/p/{slug}) */
        post: operations["postApiWorkspacesByWsIdPortfolios"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/portfolios/{portfolioId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a portfolio with its links in sort order */
        get: operations["getApiWorkspacesByWsIdPortfoliosByPortfolioId"];
        put?: never;
        post?: never;
        /** Delete a portfolio (its links remain) */
        delete: operations["deleteApiWorkspacesByWsIdPortfoliosByPortfolioId"];
        options?: never;
        head?: never;
        /** Update name, description or config (config keys given replace the stored ones) */
        patch: operations["patchApiWorkspacesByWsIdPortfoliosByPortfolioId"];
        trace?: never;
    };
    "/api/workspaces/{wsId}/portfolios/{portfolioId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add 1 to 50 links at the end (other workspaces’ links and duplicates are skipped) */
        post: operations["postApiWorkspacesByWsIdPortfoliosByPortfolioIdLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/portfolios/{portfolioId}/links/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reorder the links (beyond the spec)
         * @description Sets `sort_order` to each link’s position in `link_ids`, which must list every link of the portfolio exactly once (400 otherwise). The public page follows at once.
         */
        put: operations["putApiWorkspacesByWsIdPortfoliosByPortfolioIdLinksOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/portfolios/{portfolioId}/links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a link from a portfolio (the link remains) */
        delete: operations["deleteApiWorkspacesByWsIdPortfoliosByPortfolioIdLinksByLinkId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/links/{linkId}/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** QR code of a link’s short URL (SVG or PNG) */
        get: operations["getApiWorkspacesByWsIdLinksByLinkIdQr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/import/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import links from CSV (generic or Bitly export); invalid rows are reported, valid rows imported in one transaction
         * @description The CSV comes as a JSON or form field `csv`, a multipart file field `csv` (`curl -F csv=@links.csv`), or the whole body as `text/csv` (then `format` and `domain` may be given in the query).
         */
        post: operations["postApiWorkspacesByWsIdImportLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/export/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export links as CSV: id, domain, slug, target, title, click_count, created_at, updated_at */
        get: operations["getApiWorkspacesByWsIdExportLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/export/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export the most recent 10,000 clicks as CSV (newest first): id, link_id, domain, slug, clicked_at, country, referer, browser, os, device */
        get: operations["getApiWorkspacesByWsIdExportClicks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/stats/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totals: links, clicks, distinct countries, clicks today (UTC), unique visitors (all time and today) */
        get: operations["getApiWorkspacesByWsIdStatsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/stats/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Clicks and unique visitors per UTC day (default the last 30 days, at most 366) */
        get: operations["getApiWorkspacesByWsIdStatsDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/stats/hourly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Clicks per weekday and UTC hour over the range (a 7 × 24 heatmap; default the last 30 days, at most 366), of the workspace or one link */
        get: operations["getApiWorkspacesByWsIdStatsHourly"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/stats/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Most clicked links of the workspace over the range (default all time) */
        get: operations["getApiWorkspacesByWsIdStatsLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/stats/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Top visitor countries */
        get: operations["getApiWorkspacesByWsIdStatsCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/stats/referrers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Top referring hosts (null = direct) */
        get: operations["getApiWorkspacesByWsIdStatsReferrers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/stats/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Top device types, browsers and operating systems */
        get: operations["getApiWorkspacesByWsIdStatsDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{wsId}/links/{linkId}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stats of one link: all-time totals, daily series and breakdowns over the range */
        get: operations["getApiWorkspacesByWsIdLinksByLinkIdStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Geo, device and OS routing (Team or Agency) */
        RoutingRules: {
            /** @description ISO 3166-1 alpha-2 country code → URL */
            geo?: {
                [key: string]: string;
            };
            /** @description mobile, desktop or tablet → URL */
            device?: {
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                mobile?: string;
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                desktop?: string;
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                tablet?: string;
            };
            /** @description iOS, Android, Windows, macOS, Linux → URL */
            os?: {
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                iOS?: string;
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                Android?: string;
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                Windows?: string;
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                macOS?: string;
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                Linux?: string;
            };
        };
        /** @description Rules engine (Pro+; 5, 20 or 50 rules per link by plan), evaluated in order */
        Rules: {
            /** @description Default "Rule <n>" */
            name?: string;
            /** @description All must match; empty matches every visit */
            conditions: {
                /** @description country, continent, device, os, browser (Pro+); language, referrer, time, day, query, cookie, click_count (Team, Agency) */
                field: "country" | "continent" | "device" | "os" | "browser" | "language" | "referrer" | "time" | "day" | "query" | "cookie" | "click_count";
                /** @description in, not_in and between take an array ([from, to] for between) */
                operator: "eq" | "neq" | "contains" | "starts_with" | "in" | "not_in" | "gt" | "lt" | "between";
                value: (string | number) | (string | number)[];
                /** @description The query parameter or cookie name (query and cookie fields only) */
                key?: string;
            }[];
            action: {
                /** @constant */
                type: "redirect";
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                url: string;
            };
        }[];
        /** @description A/B variants, 2 to 4 (Team or Agency) */
        AbVariants: {
            /** @description Unique within the link */
            name: string;
            /**
             * Format: uri
             * @description http(s) URL
             */
            url: string;
            /** @description Weights sum to 100 */
            weight: number;
        }[];
        /** @description Interstitial page (Pro+) */
        Interstitial: {
            title: string;
            body?: string;
            /** @description Default "Continue" */
            cta_text?: string;
            /** @description Seconds before the automatic redirect (default 5) */
            delay?: number;
            /** @description Once per visitor, by cookie (default true) */
            show_once?: boolean;
            style?: {
                /** @description Hex colour, #rgb or #rrggbb */
                bg_color?: string;
                /** @description Hex colour, #rgb or #rrggbb */
                text_color?: string;
                /** @description Hex colour, #rgb or #rrggbb */
                button_color?: string;
            };
        };
        /** @description Sequence of URLs (Pro+) */
        Sequence: {
            urls: {
                /**
                 * Format: uri
                 * @description http(s) URL
                 */
                url: string;
                title?: string;
            }[];
            /** @description After the last URL, start again at the first (default false: stay on the last) */
            loop?: boolean;
        };
        /** @description Deep link (Pro+); at least one of ios_app_url, android_app_url */
        DeepLink: {
            /** @description URI scheme (myapp://path) or universal/app link */
            ios_app_url?: string;
            /**
             * Format: uri
             * @description http(s) URL
             */
            ios_store_url?: string;
            /**
             * Format: uri
             * @description http(s) URL
             */
            ios_fallback_url?: string;
            /** @description URI scheme (myapp://path) or universal/app link */
            android_app_url?: string;
            /**
             * Format: uri
             * @description http(s) URL
             */
            android_store_url?: string;
            /**
             * Format: uri
             * @description http(s) URL
             */
            android_fallback_url?: string;
            /** @description Show an app-detection page that falls back to the store or web URL (default false) */
            interstitial?: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description `up`, or `down: <reason>`, per dependency (database, redis) */
                        checks: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description A dependency is down; checks name it */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: false;
                        /** @description `up`, or `down: <reason>`, per dependency (database, redis) */
                        checks: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
    };
    getApiWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "team" | "agency";
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer";
                            member_count: number;
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Workspace name (required) */
                    name: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Workspace name (required) */
                    name: string;
                };
                "multipart/form-data": {
                    /** @description Workspace name (required) */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        plan: "free" | "pro" | "team" | "agency";
                        /** @description A first owner API key for the new workspace, shown only once */
                        api_key: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        plan: "free" | "pro" | "team" | "agency";
                        ga_id: string | null;
                        ga_api_secret: string | null;
                        fb_pixel_id: string | null;
                        fb_access_token: string | null;
                        retargeting_scripts: string[] | null;
                        default_utm_params: {
                            [key: string]: string;
                        } | null;
                        parent_workspace_id: string | null;
                        member_count: number;
                        created_at: string;
                        governance?: {
                            [key: string]: unknown;
                        };
                        expired_page_url: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiWorkspacesByWsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    ga_id?: string | null;
                    ga_api_secret?: string | null;
                    fb_pixel_id?: string | null;
                    fb_access_token?: string | null;
                    retargeting_scripts?: string[] | null;
                    default_utm_params?: {
                        source?: string;
                        medium?: string;
                        campaign?: string;
                        term?: string;
                        content?: string;
                    } | null;
                    /** @description Governance policy object (Team+), or null to clear */
                    governance?: unknown;
                    expired_page_url?: string | null;
                };
                "application/x-www-form-urlencoded": {
                    name?: string;
                    ga_id?: string | null;
                    ga_api_secret?: string | null;
                    fb_pixel_id?: string | null;
                    fb_access_token?: string | null;
                    retargeting_scripts?: string[] | null;
                    default_utm_params?: {
                        source?: string;
                        medium?: string;
                        campaign?: string;
                        term?: string;
                        content?: string;
                    } | null;
                    /** @description Governance policy object (Team+), or null to clear */
                    governance?: unknown;
                    expired_page_url?: string | null;
                };
                "multipart/form-data": {
                    name?: string;
                    ga_id?: string | null;
                    ga_api_secret?: string | null;
                    fb_pixel_id?: string | null;
                    fb_access_token?: string | null;
                    retargeting_scripts?: string[] | null;
                    default_utm_params?: {
                        source?: string;
                        medium?: string;
                        campaign?: string;
                        term?: string;
                        content?: string;
                    } | null;
                    /** @description Governance policy object (Team+), or null to clear */
                    governance?: unknown;
                    expired_page_url?: string | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "getApiWorkspacesByWsIdApi-keys": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_keys: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer";
                            prefix: string;
                            created_at: string;
                            last_used_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "postApiWorkspacesByWsIdApi-keys": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default "API Key" */
                    name?: string;
                    /** @enum {string} */
                    role?: "owner" | "admin" | "editor" | "viewer";
                };
                "application/x-www-form-urlencoded": {
                    /** @description Default "API Key" */
                    name?: string;
                    /** @enum {string} */
                    role?: "owner" | "admin" | "editor" | "viewer";
                };
                "multipart/form-data": {
                    /** @description Default "API Key" */
                    name?: string;
                    /** @enum {string} */
                    role?: "owner" | "admin" | "editor" | "viewer";
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer";
                        /** @description The full key, shown only once */
                        key: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "deleteApiWorkspacesByWsIdApi-keysByKeyId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "getApiWorkspacesByWsIdAudit-log": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                action?: string;
                user_id?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            id: number;
                            workspace_id: string;
                            user_id: string | null;
                            /** @description E-mail of the user behind user_id (null: no user, or the user no longer exists) */
                            user_email: string | null;
                            /** @description Name of that user, when they gave one */
                            user_name: string | null;
                            action: string;
                            /** @description JSON-encoded, action-specific data */
                            details: string;
                            created_at: string;
                        }[];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiAdminBootstrap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    name?: string;
                    workspace?: string;
                    /** @enum {string} */
                    plan?: "free" | "pro" | "team" | "agency";
                };
                "application/x-www-form-urlencoded": {
                    email: string;
                    name?: string;
                    workspace?: string;
                    /** @enum {string} */
                    plan?: "free" | "pro" | "team" | "agency";
                };
                "multipart/form-data": {
                    email: string;
                    name?: string;
                    workspace?: string;
                    /** @enum {string} */
                    plan?: "free" | "pro" | "team" | "agency";
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        workspace_id: string;
                        api_key: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiAdminWorkspacesByWsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    plan: "free" | "pro" | "team" | "agency";
                };
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    plan: "free" | "pro" | "team" | "agency";
                };
                "multipart/form-data": {
                    /** @enum {string} */
                    plan: "free" | "pro" | "team" | "agency";
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "postApiAdminLogin-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
                "application/x-www-form-urlencoded": {
                    email: string;
                };
                "multipart/form-data": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A one-time dashboard sign-in link (15 minutes) */
                        url: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "postApiAdminApi-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An existing user */
                    email: string;
                    /** @description Workspace ID of which the user is a member */
                    workspace: string;
                    /** @enum {string} */
                    role?: "owner" | "admin" | "editor" | "viewer";
                };
                "application/x-www-form-urlencoded": {
                    /** @description An existing user */
                    email: string;
                    /** @description Workspace ID of which the user is a member */
                    workspace: string;
                    /** @enum {string} */
                    role?: "owner" | "admin" | "editor" | "viewer";
                };
                "multipart/form-data": {
                    /** @description An existing user */
                    email: string;
                    /** @description Workspace ID of which the user is a member */
                    workspace: string;
                    /** @enum {string} */
                    role?: "owner" | "admin" | "editor" | "viewer";
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer";
                        key: string;
                        workspace_id: string;
                        user_id: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiAdminMonitoringRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checked: number;
                        broken: number;
                        recovered: number;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "postApiSessionSign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
                "application/x-www-form-urlencoded": {
                    email: string;
                };
                "multipart/form-data": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Response for status 202 */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            name: string | null;
                        };
                        csrf_token: string;
                        workspaces: {
                            id: string;
                            name: string;
                            slug: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "team" | "agency";
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer";
                            parent_workspace_id: string | null;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token of the sign-in link (after #token=) */
                    token: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The token of the sign-in link (after #token=) */
                    token: string;
                };
                "multipart/form-data": {
                    /** @description The token of the sign-in link (after #token=) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            name: string | null;
                        };
                        /** @description Send it as X-CSRF-Token with every write made with the session cookie */
                        csrf_token: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiSessionAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The session's id (not its secret): name it to sign that session out */
                            id: string;
                            created_at: string;
                            /** @description Last use, exact to the hour */
                            last_seen_at: string;
                            /** @description The browser that signed in */
                            user_agent: string | null;
                            /** @description true for the session making this request */
                            current: boolean;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiSessionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiInvitesByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspace: {
                            id: string;
                            name: string;
                        };
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer";
                        email: string;
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiInvitesByTokenJoin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                };
                "application/x-www-form-urlencoded": {
                    name?: string;
                };
                "multipart/form-data": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspace_id: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer";
                        /** @description false when the address already had an account and this browser was not signed in to it: a sign-in link was mailed instead */
                        signed_in: boolean;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdMembersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiWorkspacesByWsIdMembersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owner, admin, editor or viewer */
                    role: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description owner, admin, editor or viewer */
                    role: string;
                };
                "multipart/form-data": {
                    /** @description owner, admin, editor or viewer */
                    role: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: {
                            /** @description User ID */
                            id: string;
                            email: string;
                            name: string | null;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer";
                            joined_at: string;
                        }[];
                        pendingInvites: {
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer";
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdInvites: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invites: {
                            id: string;
                            workspace_id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer";
                            /** @description SHA-256 (hex) of the invite token: the token itself is stored nowhere and shown once, in the create response and the invitation e-mail */
                            token: string;
                            /** @description User ID */
                            invited_by: string;
                            invited_by_email: string;
                            expires_at: string;
                            accepted_at: string | null;
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdInvites: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @description owner, admin, editor or viewer; default viewer; never above your own role */
                    role?: string;
                };
                "application/x-www-form-urlencoded": {
                    email: string;
                    /** @description owner, admin, editor or viewer; default viewer; never above your own role */
                    role?: string;
                };
                "multipart/form-data": {
                    email: string;
                    /** @description owner, admin, editor or viewer; default viewer; never above your own role */
                    role?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer";
                        /** @description The invite token, shown this once (only its hash is stored) */
                        token: string;
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdInvitesByInviteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                inviteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdInvitesByInviteIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                inviteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer";
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiInvitesByTokenAccept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                };
                "application/x-www-form-urlencoded": {
                    name?: string;
                };
                "multipart/form-data": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspace_id: string;
                        user_id: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer";
                        /** @description A new key for the workspace with the invited role, shown once */
                        api_key: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdDomains: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domains: {
                            id: string;
                            workspace_id: string;
                            domain: string;
                            verified: boolean;
                            /** @description Where to place the TXT record: _linkhop.<domain> (an apex domain without a CNAME may place it at the domain itself) */
                            txt_name: string;
                            /** @description Value of the TXT record: linkhop-verify=<token> */
                            txt_record: string;
                            created_at: string;
                        }[];
                        /** @description The built-in short domain every workspace may use besides its own */
                        default_domain: string;
                        /** @description Host every custom domain points at with a CNAME record (the same for all) */
                        cname_target: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdDomains: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Lowercase hostname, e.g. links.example.com (no scheme, port or path) */
                    domain: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Lowercase hostname, e.g. links.example.com (no scheme, port or path) */
                    domain: string;
                };
                "multipart/form-data": {
                    /** @description Lowercase hostname, e.g. links.example.com (no scheme, port or path) */
                    domain: string;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        domain: string;
                        verified: boolean;
                        /** @description Where to place the TXT record: _linkhop.<domain> (an apex domain without a CNAME may place it at the domain itself) */
                        txt_name: string;
                        /** @description Value of the TXT record: linkhop-verify=<token> */
                        txt_record: string;
                        /** @description Host to point the domain at with a CNAME record */
                        cname_target: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdDomainsByDomainIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verified: boolean;
                        /** @description the TXT record was found */
                        txt_verified?: boolean;
                        /** @description the domain is a CNAME of cname_target */
                        cname_verified?: boolean;
                        /** @description only while not verified: where the TXT record is looked up (_linkhop.<domain>, or the domain itself) */
                        txt_name?: string;
                        /** @description only while not verified: the TXT value expected */
                        expected_txt?: string;
                        /** @description only while not verified */
                        cname_target?: string;
                        /** @description only while not verified: what the resolver returned for the TXT at _linkhop.<domain>, the TXT at the domain and its CNAME */
                        dns_answers?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME";
                            /** @description the name looked up */
                            name: string;
                            /** @description the values returned (TXT character-strings joined, CNAME targets as given); empty when the name does not exist or has no record of the type */
                            records: string[];
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "getApiWorkspacesByWsIdDomainsByDomainIdLink-count": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdDomainsByDomainId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdClients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clients: {
                            id: string;
                            name: string;
                            slug: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "team" | "agency";
                            parent_workspace_id: string;
                            link_count: number;
                            click_count: number;
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdClients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Client workspace name (required) */
                    name: string;
                    /** @description URL-safe: lowercase letters, digits, hyphens; default derived from the name */
                    slug?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Client workspace name (required) */
                    name: string;
                    /** @description URL-safe: lowercase letters, digits, hyphens; default derived from the name */
                    slug?: string;
                };
                "multipart/form-data": {
                    /** @description Client workspace name (required) */
                    name: string;
                    /** @description URL-safe: lowercase letters, digits, hyphens; default derived from the name */
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        /** @constant */
                        plan: "free";
                        parent_workspace_id: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdLinks: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                domain?: string;
                prefix?: string;
                tag?: string;
                q?: string;
                from?: string;
                to?: string;
                sort?: "created_at" | "updated_at" | "click_count" | "slug" | "title" | "target";
                order?: "asc" | "desc";
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        links: {
                            id: string;
                            workspace_id: string;
                            domain: string;
                            slug: string;
                            target: string;
                            title: string | null;
                            tags: string[] | null;
                            note: string | null;
                            utm_params: {
                                [key: string]: string;
                            } | null;
                            expires_at: string | null;
                            fallback_url: string | null;
                            routing_rules: components["schemas"]["RoutingRules"] | null;
                            rules: components["schemas"]["Rules"] | null;
                            ab_variants: components["schemas"]["AbVariants"] | null;
                            og_title: string | null;
                            og_description: string | null;
                            og_image: string | null;
                            has_password: boolean;
                            /**
                             * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                             * @enum {integer}
                             */
                            redirect_type: 301 | 302;
                            interstitial: components["schemas"]["Interstitial"] | null;
                            sequence: components["schemas"]["Sequence"] | null;
                            deep_link: components["schemas"]["DeepLink"] | null;
                            monitoring: boolean;
                            external_id: string | null;
                            created_by: string;
                            created_at: string;
                            updated_at: string;
                            click_count: number;
                            short_url: string;
                        }[];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The default domain (default) or one of the workspace's domains */
                    domain?: string;
                    /** @description Letters, digits, hyphen, underscore; only on a custom domain (generated on the default domain) */
                    slug?: string;
                    /** @description Destination, an http(s) URL */
                    target: string;
                    title?: string | null;
                    /** @description Each [a-z0-9_-], max 32 chars; max 10 */
                    tags?: string[] | null;
                    /** @description Internal; never shown to visitors */
                    note?: string | null;
                    /** @description {source?, medium?, campaign?, term?, content?} */
                    utm_params?: {
                        [key: string]: string;
                    } | null;
                    /** @description ISO 8601 */
                    expires_at?: string | null;
                    /** @description http(s) URL used after expiry */
                    fallback_url?: string | null;
                    routing_rules?: components["schemas"]["RoutingRules"] | null;
                    rules?: components["schemas"]["Rules"] | null;
                    ab_variants?: components["schemas"]["AbVariants"] | null;
                    og_title?: string | null;
                    og_description?: string | null;
                    /** @description http(s) URL */
                    og_image?: string | null;
                    /** @description At least 8 characters; never returned */
                    password?: string | null;
                    /**
                     * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                     * @enum {integer|null}
                     */
                    redirect_type?: 301 | 302 | null;
                    interstitial?: components["schemas"]["Interstitial"] | null;
                    sequence?: components["schemas"]["Sequence"] | null;
                    deep_link?: components["schemas"]["DeepLink"] | null;
                    /** @description Broken-link monitoring (Pro+ workspaces); default false */
                    monitoring?: boolean;
                    /** @description Your own reference for the link (e.g. its ID in your CMS or CRM), at most 255 characters; not shown to visitors */
                    external_id?: string | null;
                    /** @description Template whose config gives defaults (Pro+) */
                    template_id?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The default domain (default) or one of the workspace's domains */
                    domain?: string;
                    /** @description Letters, digits, hyphen, underscore; only on a custom domain (generated on the default domain) */
                    slug?: string;
                    /** @description Destination, an http(s) URL */
                    target: string;
                    title?: string | null;
                    /** @description Each [a-z0-9_-], max 32 chars; max 10 */
                    tags?: string[] | null;
                    /** @description Internal; never shown to visitors */
                    note?: string | null;
                    /** @description {source?, medium?, campaign?, term?, content?} */
                    utm_params?: {
                        [key: string]: string;
                    } | null;
                    /** @description ISO 8601 */
                    expires_at?: string | null;
                    /** @description http(s) URL used after expiry */
                    fallback_url?: string | null;
                    routing_rules?: components["schemas"]["RoutingRules"] | null;
                    rules?: components["schemas"]["Rules"] | null;
                    ab_variants?: components["schemas"]["AbVariants"] | null;
                    og_title?: string | null;
                    og_description?: string | null;
                    /** @description http(s) URL */
                    og_image?: string | null;
                    /** @description At least 8 characters; never returned */
                    password?: string | null;
                    /**
                     * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                     * @enum {integer|null}
                     */
                    redirect_type?: 301 | 302 | null;
                    interstitial?: components["schemas"]["Interstitial"] | null;
                    sequence?: components["schemas"]["Sequence"] | null;
                    deep_link?: components["schemas"]["DeepLink"] | null;
                    /** @description Broken-link monitoring (Pro+ workspaces); default false */
                    monitoring?: boolean;
                    /** @description Your own reference for the link (e.g. its ID in your CMS or CRM), at most 255 characters; not shown to visitors */
                    external_id?: string | null;
                    /** @description Template whose config gives defaults (Pro+) */
                    template_id?: string;
                };
                "multipart/form-data": {
                    /** @description The default domain (default) or one of the workspace's domains */
                    domain?: string;
                    /** @description Letters, digits, hyphen, underscore; only on a custom domain (generated on the default domain) */
                    slug?: string;
                    /** @description Destination, an http(s) URL */
                    target: string;
                    title?: string | null;
                    /** @description Each [a-z0-9_-], max 32 chars; max 10 */
                    tags?: string[] | null;
                    /** @description Internal; never shown to visitors */
                    note?: string | null;
                    /** @description {source?, medium?, campaign?, term?, content?} */
                    utm_params?: {
                        [key: string]: string;
                    } | null;
                    /** @description ISO 8601 */
                    expires_at?: string | null;
                    /** @description http(s) URL used after expiry */
                    fallback_url?: string | null;
                    routing_rules?: components["schemas"]["RoutingRules"] | null;
                    rules?: components["schemas"]["Rules"] | null;
                    ab_variants?: components["schemas"]["AbVariants"] | null;
                    og_title?: string | null;
                    og_description?: string | null;
                    /** @description http(s) URL */
                    og_image?: string | null;
                    /** @description At least 8 characters; never returned */
                    password?: string | null;
                    /**
                     * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                     * @enum {integer|null}
                     */
                    redirect_type?: 301 | 302 | null;
                    interstitial?: components["schemas"]["Interstitial"] | null;
                    sequence?: components["schemas"]["Sequence"] | null;
                    deep_link?: components["schemas"]["DeepLink"] | null;
                    /** @description Broken-link monitoring (Pro+ workspaces); default false */
                    monitoring?: boolean;
                    /** @description Your own reference for the link (e.g. its ID in your CMS or CRM), at most 255 characters; not shown to visitors */
                    external_id?: string | null;
                    /** @description Template whose config gives defaults (Pro+) */
                    template_id?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspace_id: string;
                        domain: string;
                        slug: string;
                        target: string;
                        title: string | null;
                        tags: string[] | null;
                        note: string | null;
                        utm_params: {
                            [key: string]: string;
                        } | null;
                        expires_at: string | null;
                        fallback_url: string | null;
                        routing_rules: components["schemas"]["RoutingRules"] | null;
                        rules: components["schemas"]["Rules"] | null;
                        ab_variants: components["schemas"]["AbVariants"] | null;
                        og_title: string | null;
                        og_description: string | null;
                        og_image: string | null;
                        has_password: boolean;
                        /**
                         * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                         * @enum {integer}
                         */
                        redirect_type: 301 | 302;
                        interstitial: components["schemas"]["Interstitial"] | null;
                        sequence: components["schemas"]["Sequence"] | null;
                        deep_link: components["schemas"]["DeepLink"] | null;
                        monitoring: boolean;
                        external_id: string | null;
                        created_by: string;
                        created_at: string;
                        updated_at: string;
                        click_count: number;
                        short_url: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdLinksBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Link create bodies, 1 to 100 */
                    links: unknown[];
                };
                "application/x-www-form-urlencoded": {
                    /** @description Link create bodies, 1 to 100 */
                    links: unknown[];
                };
                "multipart/form-data": {
                    /** @description Link create bodies, 1 to 100 */
                    links: unknown[];
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: {
                            id: string;
                            domain: string;
                            slug: string;
                            target: string;
                            title: string | null;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdLinksBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Link IDs, 1 to 100 */
                    ids: string[];
                };
                "application/x-www-form-urlencoded": {
                    /** @description Link IDs, 1 to 100 */
                    ids: string[];
                };
                "multipart/form-data": {
                    /** @description Link IDs, 1 to 100 */
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiWorkspacesByWsIdLinksBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Link IDs, 1 to 100; unknown IDs are ignored */
                    ids: string[];
                    /** @description Tags to add to each link (each [a-z0-9_-], max 32 chars; a link keeps at most 10) */
                    add_tags?: string[];
                    /** @description Tags to remove from each link */
                    remove_tags?: string[];
                };
                "application/x-www-form-urlencoded": {
                    /** @description Link IDs, 1 to 100; unknown IDs are ignored */
                    ids: string[];
                    /** @description Tags to add to each link (each [a-z0-9_-], max 32 chars; a link keeps at most 10) */
                    add_tags?: string[];
                    /** @description Tags to remove from each link */
                    remove_tags?: string[];
                };
                "multipart/form-data": {
                    /** @description Link IDs, 1 to 100; unknown IDs are ignored */
                    ids: string[];
                    /** @description Tags to add to each link (each [a-z0-9_-], max 32 chars; a link keeps at most 10) */
                    add_tags?: string[];
                    /** @description Tags to remove from each link */
                    remove_tags?: string[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Links of the workspace among the IDs (each now carries the requested tags) */
                        updated: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdLinksByLinkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspace_id: string;
                        domain: string;
                        slug: string;
                        target: string;
                        title: string | null;
                        tags: string[] | null;
                        note: string | null;
                        utm_params: {
                            [key: string]: string;
                        } | null;
                        expires_at: string | null;
                        fallback_url: string | null;
                        routing_rules: components["schemas"]["RoutingRules"] | null;
                        rules: components["schemas"]["Rules"] | null;
                        ab_variants: components["schemas"]["AbVariants"] | null;
                        og_title: string | null;
                        og_description: string | null;
                        og_image: string | null;
                        has_password: boolean;
                        /**
                         * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                         * @enum {integer}
                         */
                        redirect_type: 301 | 302;
                        interstitial: components["schemas"]["Interstitial"] | null;
                        sequence: components["schemas"]["Sequence"] | null;
                        deep_link: components["schemas"]["DeepLink"] | null;
                        monitoring: boolean;
                        external_id: string | null;
                        created_by: string;
                        created_at: string;
                        updated_at: string;
                        click_count: number;
                        short_url: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdLinksByLinkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiWorkspacesByWsIdLinksByLinkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    domain?: string | null;
                    slug?: string | null;
                    /** @description Destination, an http(s) URL */
                    target?: string;
                    title?: string | null;
                    /** @description Each [a-z0-9_-], max 32 chars; max 10 */
                    tags?: string[] | null;
                    /** @description Internal; never shown to visitors */
                    note?: string | null;
                    /** @description {source?, medium?, campaign?, term?, content?} */
                    utm_params?: {
                        [key: string]: string;
                    } | null;
                    /** @description ISO 8601 */
                    expires_at?: string | null;
                    /** @description http(s) URL used after expiry */
                    fallback_url?: string | null;
                    routing_rules?: components["schemas"]["RoutingRules"] | null;
                    rules?: components["schemas"]["Rules"] | null;
                    ab_variants?: components["schemas"]["AbVariants"] | null;
                    og_title?: string | null;
                    og_description?: string | null;
                    /** @description http(s) URL */
                    og_image?: string | null;
                    /** @description At least 8 characters; never returned */
                    password?: string | null;
                    /**
                     * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                     * @enum {integer|null}
                     */
                    redirect_type?: 301 | 302 | null;
                    interstitial?: components["schemas"]["Interstitial"] | null;
                    sequence?: components["schemas"]["Sequence"] | null;
                    deep_link?: components["schemas"]["DeepLink"] | null;
                    /** @description Broken-link monitoring (Pro+ workspaces); default false */
                    monitoring?: boolean;
                    /** @description Your own reference for the link (e.g. its ID in your CMS or CRM), at most 255 characters; not shown to visitors */
                    external_id?: string | null;
                };
                "application/x-www-form-urlencoded": {
                    domain?: string | null;
                    slug?: string | null;
                    /** @description Destination, an http(s) URL */
                    target?: string;
                    title?: string | null;
                    /** @description Each [a-z0-9_-], max 32 chars; max 10 */
                    tags?: string[] | null;
                    /** @description Internal; never shown to visitors */
                    note?: string | null;
                    /** @description {source?, medium?, campaign?, term?, content?} */
                    utm_params?: {
                        [key: string]: string;
                    } | null;
                    /** @description ISO 8601 */
                    expires_at?: string | null;
                    /** @description http(s) URL used after expiry */
                    fallback_url?: string | null;
                    routing_rules?: components["schemas"]["RoutingRules"] | null;
                    rules?: components["schemas"]["Rules"] | null;
                    ab_variants?: components["schemas"]["AbVariants"] | null;
                    og_title?: string | null;
                    og_description?: string | null;
                    /** @description http(s) URL */
                    og_image?: string | null;
                    /** @description At least 8 characters; never returned */
                    password?: string | null;
                    /**
                     * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                     * @enum {integer|null}
                     */
                    redirect_type?: 301 | 302 | null;
                    interstitial?: components["schemas"]["Interstitial"] | null;
                    sequence?: components["schemas"]["Sequence"] | null;
                    deep_link?: components["schemas"]["DeepLink"] | null;
                    /** @description Broken-link monitoring (Pro+ workspaces); default false */
                    monitoring?: boolean;
                    /** @description Your own reference for the link (e.g. its ID in your CMS or CRM), at most 255 characters; not shown to visitors */
                    external_id?: string | null;
                };
                "multipart/form-data": {
                    domain?: string | null;
                    slug?: string | null;
                    /** @description Destination, an http(s) URL */
                    target?: string;
                    title?: string | null;
                    /** @description Each [a-z0-9_-], max 32 chars; max 10 */
                    tags?: string[] | null;
                    /** @description Internal; never shown to visitors */
                    note?: string | null;
                    /** @description {source?, medium?, campaign?, term?, content?} */
                    utm_params?: {
                        [key: string]: string;
                    } | null;
                    /** @description ISO 8601 */
                    expires_at?: string | null;
                    /** @description http(s) URL used after expiry */
                    fallback_url?: string | null;
                    routing_rules?: components["schemas"]["RoutingRules"] | null;
                    rules?: components["schemas"]["Rules"] | null;
                    ab_variants?: components["schemas"]["AbVariants"] | null;
                    og_title?: string | null;
                    og_description?: string | null;
                    /** @description http(s) URL */
                    og_image?: string | null;
                    /** @description At least 8 characters; never returned */
                    password?: string | null;
                    /**
                     * @description HTTP status of the redirect: 301 or 302 (302 when not given)
                     * @enum {integer|null}
                     */
                    redirect_type?: 301 | 302 | null;
                    interstitial?: components["schemas"]["Interstitial"] | null;
                    sequence?: components["schemas"]["Sequence"] | null;
                    deep_link?: components["schemas"]["DeepLink"] | null;
                    /** @description Broken-link monitoring (Pro+ workspaces); default false */
                    monitoring?: boolean;
                    /** @description Your own reference for the link (e.g. its ID in your CMS or CRM), at most 255 characters; not shown to visitors */
                    external_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdLinksTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tags: {
                            name: string;
                            /** @description Hex colour (#rgb or #rrggbb) or empty string */
                            color: string;
                            description: string;
                            /** @description YYYY-MM-DD */
                            date_from: string | null;
                            /** @description YYYY-MM-DD */
                            date_to: string | null;
                            /** @description Links of the workspace carrying the tag (deleting the tag removes it from them) */
                            link_count: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    putApiWorkspacesByWsIdLinksTagsByTagName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                tagName: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Hex colour #rgb / #rrggbb, or "" (null clears) */
                    color?: string | null;
                    /** @description At most 500 characters (null clears) */
                    description?: string | null;
                    /** @description Campaign start, YYYY-MM-DD (null clears) */
                    date_from?: string | null;
                    /** @description Campaign end, YYYY-MM-DD, not before date_from (null clears) */
                    date_to?: string | null;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Hex colour #rgb / #rrggbb, or "" (null clears) */
                    color?: string | null;
                    /** @description At most 500 characters (null clears) */
                    description?: string | null;
                    /** @description Campaign start, YYYY-MM-DD (null clears) */
                    date_from?: string | null;
                    /** @description Campaign end, YYYY-MM-DD, not before date_from (null clears) */
                    date_to?: string | null;
                };
                "multipart/form-data": {
                    /** @description Hex colour #rgb / #rrggbb, or "" (null clears) */
                    color?: string | null;
                    /** @description At most 500 characters (null clears) */
                    description?: string | null;
                    /** @description Campaign start, YYYY-MM-DD (null clears) */
                    date_from?: string | null;
                    /** @description Campaign end, YYYY-MM-DD, not before date_from (null clears) */
                    date_to?: string | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdLinksTagsByTagName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                tagName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templates: {
                            id: string;
                            workspace_id: string;
                            name: string;
                            /** @description Link fields used as defaults: domain, utm_params, tags, routing_rules, rules, og_title, og_description, og_image, interstitial, sequence, and expires_in_days (positive integer: expires_at = creation + N days). Checked with the same rules as link fields. */
                            config: {
                                [key: string]: unknown;
                            };
                            created_by: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required, at most 100 characters */
                    name: string;
                    /** @description Link fields used as defaults: domain, utm_params, tags, routing_rules, rules, og_title, og_description, og_image, interstitial, sequence, and expires_in_days (positive integer: expires_at = creation + N days). Checked with the same rules as link fields. */
                    config: {
                        [key: string]: unknown;
                    };
                };
                "application/x-www-form-urlencoded": {
                    /** @description Required, at most 100 characters */
                    name: string;
                    /** @description Link fields used as defaults: domain, utm_params, tags, routing_rules, rules, og_title, og_description, og_image, interstitial, sequence, and expires_in_days (positive integer: expires_at = creation + N days). Checked with the same rules as link fields. */
                    config: {
                        [key: string]: unknown;
                    };
                };
                "multipart/form-data": {
                    /** @description Required, at most 100 characters */
                    name: string;
                    /** @description Link fields used as defaults: domain, utm_params, tags, routing_rules, rules, og_title, og_description, og_image, interstitial, sequence, and expires_in_days (positive integer: expires_at = creation + N days). Checked with the same rules as link fields. */
                    config: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspace_id: string;
                        name: string;
                        /** @description Link fields used as defaults: domain, utm_params, tags, routing_rules, rules, og_title, og_description, og_image, interstitial, sequence, and expires_in_days (positive integer: expires_at = creation + N days). Checked with the same rules as link fields. */
                        config: {
                            [key: string]: unknown;
                        };
                        created_by: string | null;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdTemplatesByTemplateId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspace_id: string;
                        name: string;
                        /** @description Link fields used as defaults: domain, utm_params, tags, routing_rules, rules, og_title, og_description, og_image, interstitial, sequence, and expires_in_days (positive integer: expires_at = creation + N days). Checked with the same rules as link fields. */
                        config: {
                            [key: string]: unknown;
                        };
                        created_by: string | null;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdTemplatesByTemplateId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiWorkspacesByWsIdTemplatesByTemplateId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                templateId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 100 characters */
                    name?: string;
                    /** @description Replaces the entire config */
                    config?: {
                        [key: string]: unknown;
                    };
                };
                "application/x-www-form-urlencoded": {
                    /** @description At most 100 characters */
                    name?: string;
                    /** @description Replaces the entire config */
                    config?: {
                        [key: string]: unknown;
                    };
                };
                "multipart/form-data": {
                    /** @description At most 100 characters */
                    name?: string;
                    /** @description Replaces the entire config */
                    config?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: {
                            id: string;
                            name: string;
                            url: string;
                            events: string[];
                            active: boolean;
                            created_at: string;
                            updated_at: string;
                            created_by_email: string | null;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description HTTPS URL, at most 2048 characters, not a private or internal address */
                    url: string;
                    /** @description Event types to receive (see the spec list) */
                    events: string[];
                };
                "application/x-www-form-urlencoded": {
                    name: string;
                    /** @description HTTPS URL, at most 2048 characters, not a private or internal address */
                    url: string;
                    /** @description Event types to receive (see the spec list) */
                    events: string[];
                };
                "multipart/form-data": {
                    name: string;
                    /** @description HTTPS URL, at most 2048 characters, not a private or internal address */
                    url: string;
                    /** @description Event types to receive (see the spec list) */
                    events: string[];
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        url: string;
                        events: string[];
                        /** @description Signing secret, shown only now and on rotation */
                        secret: string;
                        active: boolean;
                        created_at: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdWebhooksByWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        url: string;
                        events: string[];
                        active: boolean;
                        created_at: string;
                        updated_at: string;
                        created_by_email: string | null;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdWebhooksByWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiWorkspacesByWsIdWebhooksByWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    url?: string;
                    /** @description Event types to receive (see the spec list) */
                    events?: string[];
                    /** @description false pauses the webhook: events meanwhile are dropped */
                    active?: boolean;
                };
                "application/x-www-form-urlencoded": {
                    name?: string;
                    url?: string;
                    /** @description Event types to receive (see the spec list) */
                    events?: string[];
                    /** @description false pauses the webhook: events meanwhile are dropped */
                    active?: boolean;
                };
                "multipart/form-data": {
                    name?: string;
                    url?: string;
                    /** @description Event types to receive (see the spec list) */
                    events?: string[];
                    /** @description false pauses the webhook: events meanwhile are dropped */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    "postApiWorkspacesByWsIdWebhooksByWebhookIdRotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdWebhooksByWebhookIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description null when no response arrived */
                        status_code: number | null;
                        success: boolean;
                        duration_ms: number;
                        error: string | null;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdWebhooksByWebhookIdDeliveries: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                success?: boolean;
            };
            header?: never;
            path: {
                wsId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            id: number;
                            /** @description The `id` of the payload sent (unique per delivery) */
                            event_id: string;
                            event_type: string;
                            /** @description The receiver's HTTP response code; null when no response arrived */
                            status_code: number | null;
                            duration_ms: number;
                            success: boolean;
                            error: string | null;
                            /** @description The JSON body that was sent ({id, type, workspace_id, timestamp, data}); null for deliveries logged before payloads were kept */
                            payload: {
                                [key: string]: unknown;
                            } | null;
                            created_at: string;
                        }[];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdLinksByLinkIdHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the link is monitored (its `monitoring` field) */
                        monitoring: boolean;
                        /** @description Last known state; null before the first check */
                        state: "ok" | "broken" | null;
                        /** @description HTTP status of the last answer the target gave */
                        last_status: number | null;
                        /**
                         * Format: date-time
                         * @description Time of the last check
                         */
                        checked_at: string | null;
                        /** @description State changes, newest first (at most 50), as announced by the `link.broken` / `link.recovered` webhooks */
                        events: {
                            /** @enum {string} */
                            type: "link.broken" | "link.recovered";
                            /**
                             * Format: date-time
                             * @description When the check saw the change
                             */
                            at: string;
                            /** @description HTTP status of the answer that changed the state */
                            status: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdPortfolios: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        portfolios: {
                            id: string;
                            workspace_id: string;
                            name: string;
                            slug: string;
                            description: string | null;
                            config: {
                                show_clicks: boolean;
                                show_trend: boolean;
                                /** @description Colours of the public page */
                                style: {
                                    /** @description Hex colour, #rgb or #rrggbb */
                                    bg_color?: string;
                                    /** @description Hex colour, #rgb or #rrggbb */
                                    text_color?: string;
                                    /** @description Hex colour, #rgb or #rrggbb */
                                    accent_color?: string;
                                };
                            };
                            created_by: string;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdPortfolios: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required, at most 100 characters */
                    name: string;
                    /** @description Public address part: lowercase letters, digits, - and _, at most 50; generated from the name when omitted */
                    slug?: string;
                    description?: string | null;
                    config?: {
                        /** @description Show each link’s click count on the public page (default true) */
                        show_clicks?: boolean;
                        /** @description Show each link’s clicks of the last 7 days (default false) */
                        show_trend?: boolean;
                        /** @description Colours of the public page */
                        style?: {
                            /** @description Hex colour, #rgb or #rrggbb */
                            bg_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            text_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            accent_color?: string;
                        };
                    };
                };
                "application/x-www-form-urlencoded": {
                    /** @description Required, at most 100 characters */
                    name: string;
                    /** @description Public address part: lowercase letters, digits, - and _, at most 50; generated from the name when omitted */
                    slug?: string;
                    description?: string | null;
                    config?: {
                        /** @description Show each link’s click count on the public page (default true) */
                        show_clicks?: boolean;
                        /** @description Show each link’s clicks of the last 7 days (default false) */
                        show_trend?: boolean;
                        /** @description Colours of the public page */
                        style?: {
                            /** @description Hex colour, #rgb or #rrggbb */
                            bg_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            text_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            accent_color?: string;
                        };
                    };
                };
                "multipart/form-data": {
                    /** @description Required, at most 100 characters */
                    name: string;
                    /** @description Public address part: lowercase letters, digits, - and _, at most 50; generated from the name when omitted */
                    slug?: string;
                    description?: string | null;
                    config?: {
                        /** @description Show each link’s click count on the public page (default true) */
                        show_clicks?: boolean;
                        /** @description Show each link’s clicks of the last 7 days (default false) */
                        show_trend?: boolean;
                        /** @description Colours of the public page */
                        style?: {
                            /** @description Hex colour, #rgb or #rrggbb */
                            bg_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            text_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            accent_color?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        description: string | null;
                        config: {
                            show_clicks: boolean;
                            show_trend: boolean;
                            /** @description Colours of the public page */
                            style: {
                                /** @description Hex colour, #rgb or #rrggbb */
                                bg_color?: string;
                                /** @description Hex colour, #rgb or #rrggbb */
                                text_color?: string;
                                /** @description Hex colour, #rgb or #rrggbb */
                                accent_color?: string;
                            };
                        };
                        created_at: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdPortfoliosByPortfolioId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                portfolioId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspace_id: string;
                        name: string;
                        slug: string;
                        description: string | null;
                        config: {
                            show_clicks: boolean;
                            show_trend: boolean;
                            /** @description Colours of the public page */
                            style: {
                                /** @description Hex colour, #rgb or #rrggbb */
                                bg_color?: string;
                                /** @description Hex colour, #rgb or #rrggbb */
                                text_color?: string;
                                /** @description Hex colour, #rgb or #rrggbb */
                                accent_color?: string;
                            };
                        };
                        created_by: string;
                        created_at: string;
                        updated_at: string;
                        links: {
                            id: string;
                            domain: string;
                            slug: string;
                            /** @description The link’s short URL, as the public page links to it */
                            short_url: string;
                            target: string;
                            title: string | null;
                            click_count: number;
                            /** @description Clicks of the last 7 days (what show_trend shows on the public page) */
                            trend_clicks: number;
                            sort_order: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdPortfoliosByPortfolioId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                portfolioId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    patchApiWorkspacesByWsIdPortfoliosByPortfolioId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                portfolioId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    config?: {
                        /** @description Show each link’s click count on the public page (default true) */
                        show_clicks?: boolean;
                        /** @description Show each link’s clicks of the last 7 days (default false) */
                        show_trend?: boolean;
                        /** @description Colours of the public page */
                        style?: {
                            /** @description Hex colour, #rgb or #rrggbb */
                            bg_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            text_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            accent_color?: string;
                        };
                    };
                };
                "application/x-www-form-urlencoded": {
                    name?: string;
                    description?: string | null;
                    config?: {
                        /** @description Show each link’s click count on the public page (default true) */
                        show_clicks?: boolean;
                        /** @description Show each link’s clicks of the last 7 days (default false) */
                        show_trend?: boolean;
                        /** @description Colours of the public page */
                        style?: {
                            /** @description Hex colour, #rgb or #rrggbb */
                            bg_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            text_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            accent_color?: string;
                        };
                    };
                };
                "multipart/form-data": {
                    name?: string;
                    description?: string | null;
                    config?: {
                        /** @description Show each link’s click count on the public page (default true) */
                        show_clicks?: boolean;
                        /** @description Show each link’s clicks of the last 7 days (default false) */
                        show_trend?: boolean;
                        /** @description Colours of the public page */
                        style?: {
                            /** @description Hex colour, #rgb or #rrggbb */
                            bg_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            text_color?: string;
                            /** @description Hex colour, #rgb or #rrggbb */
                            accent_color?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdPortfoliosByPortfolioIdLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                portfolioId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 50 link IDs; other workspaces’ links and duplicates are skipped */
                    link_ids: string[];
                };
                "application/x-www-form-urlencoded": {
                    /** @description 1 to 50 link IDs; other workspaces’ links and duplicates are skipped */
                    link_ids: string[];
                };
                "multipart/form-data": {
                    /** @description 1 to 50 link IDs; other workspaces’ links and duplicates are skipped */
                    link_ids: string[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        added: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    putApiWorkspacesByWsIdPortfoliosByPortfolioIdLinksOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                portfolioId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every link of the portfolio, each exactly once, in the new order (the first gets sort_order 0) */
                    link_ids: string[];
                };
                "application/x-www-form-urlencoded": {
                    /** @description Every link of the portfolio, each exactly once, in the new order (the first gets sort_order 0) */
                    link_ids: string[];
                };
                "multipart/form-data": {
                    /** @description Every link of the portfolio, each exactly once, in the new order (the first gets sort_order 0) */
                    link_ids: string[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiWorkspacesByWsIdPortfoliosByPortfolioIdLinksByLinkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
                portfolioId: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdLinksByLinkIdQr: {
        parameters: {
            query?: {
                format?: "svg" | "png";
                size?: number;
                fg?: string;
                bg?: string;
                margin?: number;
                ec?: "L" | "M" | "Q" | "H";
                download?: string;
            };
            header?: never;
            path: {
                wsId: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The QR code image encoding the link’s short_url */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "image/png": string;
                };
            };
            /** @description Error 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Error 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Error 500 */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Error 503 */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    postApiWorkspacesByWsIdImportLinks: {
        parameters: {
            query?: {
                format?: "generic" | "bitly" | "auto";
                domain?: string;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description CSV text with a header row and 1 to 500 data rows. Target column: target, url, destination or long_url; optional title, slug (custom domain only), tags (comma-separated, at most 10 kept), note */
                    csv: string;
                    /** @description Default auto, which picks bitly when a bitlink column is present (then long_url is the target) */
                    format?: "generic" | "bitly" | "auto";
                    /** @description The default domain (default) or one of the workspace's domains */
                    domain?: string;
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The CSV file (or its text)
                     */
                    csv: string;
                    /** @description Default auto, which picks bitly when a bitlink column is present (then long_url is the target) */
                    format?: "generic" | "bitly" | "auto";
                    /** @description The default domain (default) or one of the workspace's domains */
                    domain?: string;
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: number;
                        skipped: number;
                        errors: {
                            /** @description Data row, from 1 */
                            row: number;
                            reason: string;
                        }[];
                        links: {
                            id: string;
                            domain: string;
                            slug: string;
                            target: string;
                            title: string | null;
                            tags: string[] | null;
                            short_url: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdExportLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180), attachment links-<workspace_slug>.csv; cells starting with = + - @ tab or CR are prefixed with ' */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdExportClicks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180), attachment clicks-<workspace_slug>.csv; cells starting with = + - @ tab or CR are prefixed with ' */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdStatsSummary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total_links: number;
                        total_clicks: number;
                        /** @description Distinct known visitor countries */
                        total_countries: number;
                        /** @description Clicks since 00:00 UTC today */
                        today_clicks: number;
                        /** @description Unique visitors, all time: per UTC day, summed over days (a visitor is a daily-salted hash of IP and User-Agent, never stored raw) */
                        unique_visitors: number;
                        /** @description Unique visitors since 00:00 UTC today */
                        today_visitors: number;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdStatsDaily: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        /** @description Every day of the range, zero-filled */
                        days: {
                            /** @description YYYY-MM-DD (UTC) */
                            date: string;
                            clicks: number;
                            /** @description Unique visitors that day */
                            visitors: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdStatsHourly: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                link_id?: string;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        /** @description All 7 × 24 cells (Monday 00 first), zero-filled: a weekly heatmap over the range */
                        hours: {
                            /**
                             * @description Weekday (UTC)
                             * @default mon
                             * @enum {string}
                             */
                            day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                            /** @description Hour of the day (UTC) */
                            hour: number;
                            clicks: number;
                            /** @description Unique visitors whose first visit of their day fell in this hour */
                            visitors: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdStatsLinks: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                limit?: number;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Most clicks first */
                        links: {
                            link_id: string;
                            domain: string;
                            slug: string;
                            title: string | null;
                            /** @description Clicks in the range */
                            clicks: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdStatsCountries: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                limit?: number;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Most clicks first */
                        countries: {
                            /** @description ISO country code; null when unknown */
                            country: string | null;
                            clicks: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdStatsReferrers: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                limit?: number;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Most clicks first */
                        referrers: {
                            /** @description Referring host; null for direct visits */
                            referrer: string | null;
                            clicks: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdStatsDevices: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                limit?: number;
            };
            header?: never;
            path: {
                wsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Most clicks first */
                        devices: {
                            /** @description desktop, mobile or tablet; null when unknown */
                            device: string | null;
                            clicks: number;
                        }[];
                        /** @description Most clicks first */
                        browsers: {
                            /** @description Browser name; null when unknown */
                            browser: string | null;
                            clicks: number;
                        }[];
                        /** @description Most clicks first */
                        os: {
                            /** @description Operating system; null when unknown */
                            os: string | null;
                            clicks: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getApiWorkspacesByWsIdLinksByLinkIdStats: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                limit?: number;
            };
            header?: never;
            path: {
                wsId: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        link_id: string;
                        /** @description All time */
                        total_clicks: number;
                        today_clicks: number;
                        /** @description All time */
                        total_countries: number;
                        /** @description All time, per UTC day summed over days */
                        unique_visitors: number;
                        from: string;
                        to: string;
                        /** @description Every day of the range, zero-filled */
                        days: {
                            /** @description YYYY-MM-DD (UTC) */
                            date: string;
                            clicks: number;
                            /** @description Unique visitors that day */
                            visitors: number;
                        }[];
                        /** @description Most clicks first */
                        countries: {
                            /** @description ISO country code; null when unknown */
                            country: string | null;
                            clicks: number;
                        }[];
                        /** @description Most clicks first */
                        referrers: {
                            /** @description Referring host; null for direct visits */
                            referrer: string | null;
                            clicks: number;
                        }[];
                        /** @description Most clicks first */
                        devices: {
                            /** @description desktop, mobile or tablet; null when unknown */
                            device: string | null;
                            clicks: number;
                        }[];
                        /** @description Most clicks first */
                        browsers: {
                            /** @description Browser name; null when unknown */
                            browser: string | null;
                            clicks: number;
                        }[];
                        /** @description Most clicks first */
                        os: {
                            /** @description Operating system; null when unknown */
                            os: string | null;
                            clicks: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
}
