import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsEnum, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { Action, Field, Observation, ToolDefinition } from '@toolwright/sdk';

/** `add {a, b}`: the smallest useful tool. */
export class AddAction extends Action {
  @Field({ description: 'First addend' }) @IsNumber() a!: number;
  @Field({ description: 'Second addend' }) @IsNumber() b!: number;
}

export enum Priority {
  Low = 'low',
  Normal = 'normal',
  High = 'high',
}

export class Owner {
  @Field({ description: 'Owner name' }) @IsString() @MinLength(1) name!: string;
  @Field({ description: 'Team' }) @IsOptional() @IsString() team?: string;
}

/** The 8-field "medium" tool: nested object, enum, optional string, array of strings, bounds. */
export class MediumAction extends Action {
  @Field({ description: 'Title' }) @IsString() @MinLength(1) @MaxLength(200) title!: string;
  @Field({ description: 'Body text' }) @IsOptional() @IsString() body?: string;
  @Field({ description: 'Priority' }) @IsEnum(Priority) priority!: Priority;
  @Field({ description: 'Labels' }) @IsString({ each: true }) @ArrayMaxSize(20) labels!: string[];
  @Field({ description: 'Estimate in hours' }) @IsInt() @Min(0) @Max(1000) estimate!: number;
  @Field({ description: 'Weight' }) @IsNumber() @Min(0) @Max(1) weight!: number;
  @Field({ description: 'Draft?' }) @IsBoolean() draft!: boolean;
  @Field({ description: 'Owner' }) @ValidateNested() @Type(() => Owner) owner!: Owner;
}

export const addArgs = JSON.stringify({ a: 2, b: 3 });
export const mediumArgs = JSON.stringify({
  title: 'Fix the flaky test',
  body: 'It fails one run in fifty.',
  priority: 'high',
  labels: ['bug', 'ci'],
  estimate: 3,
  weight: 0.5,
  draft: false,
  owner: { name: 'Ada', team: 'core' },
});

export const addTool = new ToolDefinition({
  name: 'add',
  description: 'Adds two numbers.',
  actionType: AddAction,
  executor: { execute: (a: AddAction) => Observation.fromText(String(a.a + a.b)) },
});

export const mediumTool = new ToolDefinition({
  name: 'medium',
  description: 'Files an issue.',
  actionType: MediumAction,
  executor: { execute: (a: MediumAction) => Observation.fromText(`${a.title} (${a.priority}) by ${a.owner.name}`) },
});
