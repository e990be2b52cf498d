import { describe, expect, it } from "vitest";
import { decodeXmlEntities } from "../../../src/catalog/dat/xml-entities.ts";

describe("decodeXmlEntities", () => {
  it("decodes XML's predefined entities and character references, and leaves anything else as written", () => {
    expect(decodeXmlEntities("&lt;unknown&gt;")).toBe("<unknown>");
    expect(decodeXmlEntities("Kane &amp; Lynch")).toBe("Kane & Lynch");
    expect(decodeXmlEntities("Sega &#x2F; Gremlin &#39;81")).toBe("Sega / Gremlin '81");
    expect(decodeXmlEntities("Tom & Jerry &nbsp; &#1114112;")).toBe("Tom & Jerry &nbsp; &#1114112;");
    expect(decodeXmlEntities("Capcom")).toBe("Capcom");
  });
});
