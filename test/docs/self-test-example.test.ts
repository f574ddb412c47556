// docs/self-test.md, "In jest": the block there is an excerpt of this file.
import { expect, it } from '@jest/globals';
import { testTool } from '@toolwright/sdk/testing';
import { forecast } from '../../examples/schema-first.js';

const myTool = forecast;

it('my tool is sound', async () => {
  const report = await testTool(myTool, { execute: true });
  expect(report.failures).toEqual([]);
});
