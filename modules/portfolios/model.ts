import { t } from 'elysia';
import { Int } from '../../core/model';
import { LIMITS } from '../../core/plans';

const described = (what: string) =>
  t.Optional(
    t.String({
      pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
      error: 'must be a hex colour like #1a2b3c',
      description: `Hex colour, #rgb or #rrggbb: ${what}`,
    }),
  );

export const PortfolioStyle = t.Object(
  {
    bg_color: described('page background'),
    text_color: described('page text (replaced by black or white on the page if its contrast with the background is below 4.5:1)'),
    accent_color: described('buttons, unless button_color is set'),
    button_color: described('link buttons (default: accent_color)'),
    button_text_color: described('text on the link buttons (default, or below 4.5:1 contrast: black or white)'),
  },
  { additionalProperties: false, description: 'Colours of the public page' },
);

/** What clients send; PATCH merges it into the stored config (a given `style` replaces the stored one). */
export const PortfolioConfigInput = t.Object(
  {
    show_clicks: t.Optional(t.Boolean({ description: 'Show each link’s click count on the public page (default true)' })),
    show_trend: t.Optional(t.Boolean({ description: 'Show each link’s clicks of the last 7 days (default false)' })),
    style: t.Optional(PortfolioStyle),
  },
  { additionalProperties: false },
);

export const PortfolioConfig = t.Object({ show_clicks: t.Boolean(), show_trend: t.Boolean(), style: PortfolioStyle });

export const CreatePortfolioBody = t.Object({
  name: t.String({ maxLength: 100, description: 'Required, at most 100 characters' }),
  // format and length are checked by the service so the messages name the rule
  slug: t.Optional(t.String({ description: 'Public address part: lowercase letters, digits, - and _, at most 50; generated from the name when omitted' })),
  description: t.Optional(t.Union([t.String({ maxLength: 1000 }), t.Null()])),
  config: t.Optional(PortfolioConfigInput),
});

export const PatchPortfolioBody = t.Object(
  {
    name: t.Optional(t.String({ maxLength: 100 })),
    description: t.Optional(t.Union([t.String({ maxLength: 1000 }), t.Null()])),
    config: t.Optional(PortfolioConfigInput),
  },
  { additionalProperties: false },
);

export const CreatedPortfolio = t.Object({
  id: t.String(),
  name: t.String(),
  slug: t.String(),
  description: t.Union([t.String(), t.Null()]),
  config: PortfolioConfig,
  created_at: t.String(),
});

export const Portfolio = t.Object({
  id: t.String(),
  workspace_id: t.String(),
  name: t.String(),
  slug: t.String(),
  description: t.Union([t.String(), t.Null()]),
  config: PortfolioConfig,
  avatar_url: t.Union([t.String({ description: 'The avatar image on the public page (and its og:image)' }), t.Null()]),
  created_by: t.String(),
  created_at: t.String(),
  updated_at: t.String(),
});

export const PortfolioLink = t.Object({
  id: t.String(),
  domain: t.String(),
  slug: t.String(),
  short_url: t.String({ description: 'The link’s short URL, as the public page links to it' }),
  target: t.String(),
  title: t.Union([t.String(), t.Null()]),
  click_count: Int(),
  trend_clicks: Int({ description: 'Clicks of the last 7 days (what show_trend shows on the public page)' }),
  sort_order: Int(),
});

export const PortfolioWithLinks = t.Composite([Portfolio, t.Object({ links: t.Array(PortfolioLink) })]);

export const PortfolioParams = t.Object({ wsId: t.String(), portfolioId: t.String() });
export const PortfolioLinkParams = t.Object({ wsId: t.String(), portfolioId: t.String(), linkId: t.String() });

export const AddLinksBody = t.Object({
  link_ids: t.Array(t.String(), { description: `1 to ${LIMITS.portfolioLinksPerAdd} link IDs; other workspaces’ links and duplicates are skipped` }),
});

export const OrderLinksBody = t.Object({
  link_ids: t.Array(t.String(), {
    maxItems: 10_000,
    description: 'Every link of the portfolio, each exactly once, in the new order (the first gets sort_order 0)',
  }),
});
