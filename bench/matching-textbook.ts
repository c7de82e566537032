// The comparison for `npm run bench:matching` row 1: student-proposing deferred acceptance as a
// textbook writes it (Gale–Shapley with capacities): student objects holding their sorted rank
// lists, placement objects holding an array of the students they hold, a queue of free students,
// and a linear scan for the worst student held. Plain, not careless: the queue is an array with a
// head index (Array.prototype.shift on 45,000 entries would copy the array on every call and make
// the comparison quadratic). Same tie-breaking as ours, so both give the same matching.

export interface PlainEdge {
  student: number;
  placement: number;
  score: number;
  priority: number;
}

interface Student {
  prefs: PlainEdge[];
  next: number;
}

interface Held {
  student: number;
  priority: number;
}

interface Placement {
  capacity: number;
  held: Held[];
}

/** Student -> placement index or -1. */
export function textbookDeferredAcceptance(studentCount: number, capacities: number[], edges: PlainEdge[]): number[] {
  const students: Student[] = [];
  for (let s = 0; s < studentCount; s++) students.push({ prefs: [], next: 0 });
  for (const edge of edges) students[edge.student].prefs.push(edge);
  for (const student of students) {
    student.prefs.sort((a, b) => b.score - a.score || a.placement - b.placement);
  }
  const placements: Placement[] = capacities.map((capacity) => ({ capacity, held: [] }));
  const better = (a: Held, b: Held) => a.priority > b.priority || (a.priority === b.priority && a.student < b.student);

  const match: number[] = new Array(studentCount).fill(-1);
  const queue: number[] = [];
  for (let s = 0; s < studentCount; s++) queue.push(s);
  let head = 0;
  while (head < queue.length) {
    const s = queue[head++];
    const student = students[s];
    while (student.next < student.prefs.length) {
      const edge = student.prefs[student.next++];
      const placement = placements[edge.placement];
      if (placement.capacity === 0) continue;
      const proposal: Held = { student: s, priority: edge.priority };
      if (placement.held.length < placement.capacity) {
        placement.held.push(proposal);
        match[s] = edge.placement;
        break;
      }
      let worst = 0;
      for (let i = 1; i < placement.held.length; i++) {
        if (better(placement.held[worst], placement.held[i])) worst = i;
      }
      if (better(proposal, placement.held[worst])) {
        const rejected = placement.held[worst].student;
        placement.held[worst] = proposal;
        match[s] = edge.placement;
        match[rejected] = -1;
        queue.push(rejected);
        break;
      }
    }
  }
  return match;
}
