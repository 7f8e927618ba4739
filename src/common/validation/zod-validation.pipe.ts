import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { CommonErrorCode, CommonException } from '../errors/app-exception';

export interface ValidationDetail {
  path: string;
  message: string;
}

/** Formats zod issues into the contract's single message plus a per-field `details` list. */
export function validationException(issues: readonly z.core.$ZodIssue[]): CommonException {
  const details: ValidationDetail[] = issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  const message = details.map((detail) => `${detail.path}: ${detail.message}`).join('; ');
  return new CommonException(CommonErrorCode.VALIDATION_FAILED, message, { details });
}

export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationException(result.error.issues);
  return result.data;
}

/** Strict validation of a request body against a zod schema (no coercion). */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): z.output<Schema> {
    return parseOrThrow(this.schema, value);
  }
}
