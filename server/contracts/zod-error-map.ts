import type * as z from 'zod/mini';

/**
 * Maps zod issues to the spec's Japanese validation messages (platform spec section 5), so a
 * schema without its own message still answers in the spec's words. A message written on the
 * schema itself wins over this map (zod's precedence), so rules with their own text keep it.
 */
export function specErrorMap(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return '必須入力項目です';
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return '半角数字で入力してください';
      return '入力形式が正しくありません';
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return '必須入力項目です';
      if (issue.origin === 'array' && issue.minimum === 1) return '必須入力項目です';
      if ((issue.origin === 'number' || issue.origin === 'int') && Number(issue.minimum) === 1)
        return '1以上の整数を半角で入力してください';
      if (issue.origin === 'string') return `${String(issue.minimum)}文字以上で入力してください`;
      return `${String(issue.minimum)}以上で入力してください`;
    case 'too_big':
      if (issue.origin === 'string') return `${String(issue.maximum)}文字以内で入力してください`;
      if (issue.origin === 'array') return `${String(issue.maximum)}件以内で選択してください`;
      return `${String(issue.maximum)}以下で入力してください`;
    case 'invalid_format':
      if (issue.format === 'email') return 'メールアドレスが正しくありません';
      if (issue.format === 'url') return 'URLの形式が正しくありません';
      return '入力形式が正しくありません';
    case 'not_multiple_of':
      return '整数を半角で入力してください';
    case 'invalid_value':
      return '選択肢の中から選んでください';
    case 'unrecognized_keys':
      return `使用できない項目が含まれています: ${issue.keys.join(', ')}`;
    default:
      return '入力内容が正しくありません';
  }
}
