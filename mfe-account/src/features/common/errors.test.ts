import { ApiError } from '@tours/shared/core';
import { isFieldAnswer, isSessionOver } from './errors';

describe('failed calls of the account area', () => {
  test.each([
    [new ApiError(422, '/x', 'Wrong code'), true],
    [new ApiError(400, '/x', 'Code expired'), true],
    [new ApiError(409, '/x', 'This e-mail is used by another account'), true],
    [new ApiError(422, '/x', 'Invalid', { code: 'Wrong code' }), false],
    [new ApiError(422, '/x', ''), false],
    [new ApiError(500, '/x', 'Internal'), false],
    [new ApiError(0, '/x', 'Network error'), false],
    [new ApiError(429, '/x', 'Too many requests'), false],
    [new Error('x'), false],
  ])('%p is about the field: %p', (error, expected) => expect(isFieldAnswer(error)).toBe(expected));

  test.each([
    [new ApiError(401, '/x', 'Unauthorized'), true],
    [new ApiError(403, '/x', 'Forbidden'), false],
    [new ApiError(0, '/x', 'Network error'), false],
    [new Error('401'), false],
  ])('%p ends the session: %p', (error, expected) => expect(isSessionOver(error)).toBe(expected));
});
