import htm from 'htm';
import { h } from 'preact';
import type { VNode } from 'preact';

/**
 * Preact's `h` as tagged templates (no JSX build step). Interpolated values are text or
 * attribute values: Preact sets them as DOM properties and text nodes, never as HTML, so
 * whatever a tool or an MCP server sends shows as text.
 */
export const html = htm.bind(h) as (strings: TemplateStringsArray, ...values: unknown[]) => VNode;
