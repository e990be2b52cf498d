import { cachePolicy } from "../../http/cache-policy.ts";
import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import { problems } from "../../core/problem.ts";
import { runProbes, type HealthProbe } from "../../http/health-probes.ts";
import type { CatalogSource } from "../store/catalog-source.ts";

/**
 * GET /api/health/ (getApiHealth): 200 with the catalog's version and counts and the state of
 * each dependency (Redis, the database) when a build is loaded and every dependency answers;
 * otherwise 503 problem+json (the catalog source's, or one naming the dependencies that are down),
 * so that a load balancer takes the instance out.
 * @see docs/service-spec.md §4.6
 */
export function healthRoute(
  catalog: CatalogSource,
  startedAt: number,
  probes: readonly HealthProbe[] = [],
): (ctx: RequestContext) => Promise<HttpResult> {
  return async () => {
    const { manifest } = catalog.current();
    const dependencies = await runProbes(probes);
    const down = Object.entries(dependencies).filter(([, report]) => report.status !== "ok");
    if (down.length > 0) {
      throw problems.dependencyUnavailable(down.map(([name, report]) => `${name}: ${report.detail ?? "down"}`).join("; "), {
        extensions: { dependencies },
      });
    }
    const body = {
      status: "ok",
      catalogVersion: manifest.catalogVersion,
      dataVersion: manifest.dataVersion,
      builtAt: manifest.builtAt,
      counts: manifest.counts,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      dependencies,
    };
    return {
      status: 200,
      headers: { "content-type": "application/json", "cache-control": cachePolicy.noStore },
      body: JSON.stringify(body),
    };
  };
}
