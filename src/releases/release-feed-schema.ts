import { z } from "zod";

const isoDate = z.iso.date();
const httpsUrl = z.url({ protocol: /^https$/ });

/** One update channel of the media-client application. */
export const channelSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  version: z.string().regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "must be a semantic version such as 2.4.1"),
  releasedAt: isoDate,
  notesUrl: httpsUrl.optional(),
});

/** Availability of the client on one platform (device family or operating system). */
export const clientPlatformSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  name: z.string().min(1),
  status: z.enum(["available", "beta", "planned"]),
  channel: z.string().optional(),
  version: z.string().optional(),
  minimumOs: z.string().min(1).optional(),
  storeLinks: z.array(z.strictObject({ store: z.string().min(1), url: httpsUrl })).default([]),
});

/** A public community request (a wished-for platform, feature or integration) and its vote count. */
export const communityRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string().min(1),
  kind: z.enum(["platform", "feature", "integration", "catalog"]),
  status: z.enum(["open", "planned", "in-progress", "done", "declined"]),
  votes: z.number().int().nonnegative(),
  createdAt: isoDate.optional(),
});

/** data/release-feed.json: the release and platform-availability feed served by GET /api/v1/community/. */
export const releaseFeedSchema = z
  .strictObject({
    application: z.strictObject({ name: z.string().min(1), homepage: httpsUrl.optional() }),
    updatedAt: isoDate,
    channels: z.array(channelSchema).min(1),
    platforms: z.array(clientPlatformSchema),
    communityRequests: z.array(communityRequestSchema),
  })
  .superRefine((feed, ctx) => {
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

export type ReleaseFeedSource = z.infer<typeof releaseFeedSchema>;
