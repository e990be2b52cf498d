import { z } from "zod";

const isoDate = z.iso.date();
const httpsUrl = z.url({ protocol: /^https$/ });

type ObjectKind = typeof z.strictObject | typeof z.looseObject;

/**
 * The feed's shapes, declared once and built twice: strict for the authored file (a typo fails
 * the build) and open for what clients get (the OpenAPI component and the MCP output schema),
 * which may gain members later. @see docs/service-spec.md §2 (response objects allow additional properties)
 */
function feedSchemas(object: ObjectKind) {
  /** One update channel of the media-client application. */
  const channelSchema = object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    version: z.string().regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "must be a semantic version such as 2.4.1"),
    releasedAt: isoDate,
    notesUrl: httpsUrl.optional(),
  });

  /** Availability of the client on one platform (device family or operating system). */
  const clientPlatformSchema = object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    name: z.string().min(1),
    status: z.enum(["available", "beta", "planned"]),
    channel: z.string().optional(),
    version: z.string().optional(),
    minimumOs: z.string().min(1).optional(),
    storeLinks: z.array(object({ store: z.string().min(1), url: httpsUrl })).default([]),
  });

  /** A public community request (a wished-for platform, feature or integration) and its vote count. */
  const communityRequestSchema = object({
    id: z.number().int().positive(),
    title: z.string().min(1),
    kind: z.enum(["platform", "feature", "integration", "catalog"]),
    status: z.enum(["open", "planned", "in-progress", "done", "declined"]),
    votes: z.number().int().nonnegative(),
    createdAt: isoDate.optional(),
  });

  return object({
    application: object({ name: z.string().min(1), homepage: httpsUrl.optional() }),
    updatedAt: isoDate,
    channels: z.array(channelSchema).min(1),
    platforms: z.array(clientPlatformSchema),
    communityRequests: z.array(communityRequestSchema),
  });
}

/** data/release-feed.json: the release and platform-availability feed served by GET /api/v1/community/. */
export const releaseFeedSchema = feedSchemas(z.strictObject).superRefine((feed, ctx) => {
  const channels = new Set(feed.channels.map((c) => c.id));
  feed.platforms.forEach((platform, i) => {
    if (platform.channel !== undefined && !channels.has(platform.channel)) {
      ctx.addIssue({ code: "custom", path: ["platforms", i, "channel"], message: `unknown channel "${platform.channel}"` });
    }
    if (platform.status !== "planned" && platform.channel === undefined) {
      ctx.addIssue({ code: "custom", path: ["platforms", i, "channel"], message: `required when status is "${platform.status}"` });
    }
  });
  const seen = new Set<string>();
  feed.platforms.forEach((platform, i) => {
    if (seen.has(platform.id))
      ctx.addIssue({ code: "custom", path: ["platforms", i, "id"], message: `duplicate platform id "${platform.id}"` });
    seen.add(platform.id);
  });
});

/** The feed as GET /api/v1/community/ sends it: the same members, open to additions. */
export const releaseFeedResponseSchema = feedSchemas(z.looseObject).meta({
  description:
    "The release and platform-availability feed: the client's update channels, where it is available, and the public community requests with their votes.",
});

export type ReleaseFeedSource = z.infer<typeof releaseFeedSchema>;
