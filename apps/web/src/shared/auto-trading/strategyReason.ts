import { isMessageKey, MESSAGES_EN, type MessageKey, type MessageParams } from '@openbroker/domain';
import type { TextMessage } from '../../ui/forms.js';

interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

let templates: Template[] | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The auto-trading catalogue's English templates as patterns (built once, on the first close explained). */
function autoTemplates(): Template[] {
  if (templates) return templates;
  templates = (Object.entries(MESSAGES_EN) as [MessageKey, string][])
    .filter(([key]) => key.startsWith('auto.'))
    .map(([key, text]) => {
      const names: string[] = [];
      const source = text
        .split(/(\{\{\s*\w+\s*\}\})/)
        .map((part) => {
          const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
          if (!name) return escapeRegExp(part);
          names.push(name);
          return '(.+?)';
        })
        .join('');
      return { key, pattern: new RegExp(`^${source}$`), names };
    });
  return templates;
}

/**
 * The strategy's reason for a close (close context `{by: 'strategy', reason}`) as a message to translate: the server
 * may keep it as a Message in JSON, as a bare key, or as its English text (then it is matched against the
 * auto-trading catalogue's templates, so a German reader still reads it in German). Null when it is none of these;
 * the caller shows the text as it is.
 */
export function strategyReasonMessage(reason: string | null | undefined): TextMessage | null {
  const text = reason?.trim();
  if (!text) return null;
  if (text.startsWith('{'))
    try {
      const parsed = JSON.parse(text) as { key?: unknown; params?: unknown };
      if (typeof parsed.key === 'string' && isMessageKey(parsed.key))
        return parsed.params && typeof parsed.params === 'object'
          ? { key: parsed.key, params: parsed.params as MessageParams }
          : { key: parsed.key };
    } catch {
      // not JSON: read it as text below
    }
  if (isMessageKey(text)) return { key: text };
  for (const template of autoTemplates()) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const params: MessageParams = {};
    template.names.forEach((name, index) => {
      params[name] = match[index + 1] ?? '';
    });
    return template.names.length > 0 ? { key: template.key, params } : { key: template.key };
  }
  return null;
}
