import { randomUUID } from "node:crypto";
import { Role, type Part } from "@a2a-js/sdk";
import { AgentEvent, type AgentExecutor } from "@a2a-js/sdk/server";
import { isProblem } from "../../core/problem.ts";
import type { Log } from "../../core/logger.ts";
import type { CatalogQueries } from "../common/catalog-queries.ts";
import { answerQuestion, type CatalogAnswer } from "./catalog-questions.ts";

function textPart(text: string): Part {
  return { content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" };
}

function dataPart(data: unknown): Part {
  return { content: { $case: "data", value: data }, metadata: undefined, filename: "", mediaType: "application/json" };
}

/** The user's text: every text part of the message, in order. */
function userText(parts: readonly Part[]): string {
  return parts
    .map((part) => (part.content?.$case === "text" ? part.content.value : ""))
    .filter(Boolean)
    .join("\n");
}

/**
 * The agent's logic: reads the request, answers from the catalog with the HTTP API's catalog queries,
 * and replies with one Message (a text part and an application/json data part). Answers are
 * immediate lookups, so no Task is created: the A2A response to SendMessage is the Message itself.
 * @see A2A v1.0 SendMessage (a Message or a Task as the result)
 */
export function catalogAgentExecutor(queries: CatalogQueries, log: Log): AgentExecutor {
  const answer = (text: string): CatalogAnswer => {
    try {
      return answerQuestion(text, queries);
    } catch (error) {
      if (isProblem(error)) return { skill: undefined, text: `Sorry, I cannot answer that now: ${error.detail ?? error.title}` };
      log({ level: "error", msg: "A2A answer failed", err: error instanceof Error ? error.stack : String(error) });
      return { skill: undefined, text: "Sorry, something went wrong on the server; it has been logged." };
    }
  };
  return {
    async execute(requestContext, eventBus) {
      const reply = answer(userText(requestContext.userMessage.parts));
      eventBus.publish(
        AgentEvent.message({
          messageId: randomUUID(),
          contextId: requestContext.contextId,
          taskId: "",
          role: Role.ROLE_AGENT,
          parts: reply.data === undefined ? [textPart(reply.text)] : [textPart(reply.text), dataPart(reply.data)],
          metadata: reply.skill === undefined ? undefined : { skill: reply.skill },
          extensions: [],
          referenceTaskIds: [],
        }),
      );
      eventBus.finished();
    },
    // Nothing runs long enough to be canceled: every answer is published before execute returns.
    async cancelTask() {},
  };
}
