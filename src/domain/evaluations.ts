// Evaluations of a rotation (issue 17): forms a program defines, answered by the preceptor (of the
// student) or by the student (of the site). The forms' shape is shared by the server, which
// validates answers against the questions an evaluation was given, and the web, which renders them.

/** One question of a form: a rating on a scale of `scale` points, or a written comment. */
export type EvaluationQuestion =
  | { id: string; type: "rating"; label: string; help?: string; scale: number; required: boolean; section?: string }
  | { id: string; type: "comment"; label: string; help?: string; required: boolean; section?: string };

/** One answer: `rating` (1..scale) for a rating question, `comment` for a comment question. */
export type EvaluationAnswer = { questionId: string; rating?: number | null; comment?: string | null };
