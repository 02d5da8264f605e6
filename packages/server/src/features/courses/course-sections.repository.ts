import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, inArray, sql, type SQLChunk } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { courseSections, resources } from '../../db/schema.ts';
import type { ResourceRow, SectionRow } from './course-tree.ts';

/** Writing a course's tree (its sections and resources), as `course-tree.ts` resolved it. */

const resourceValues = (resource: ResourceRow, courseId: string, sectionId: string, position: number) => ({
  courseId,
  sectionId,
  position,
  type: resource.type,
  title: resource.title,
  titleTr: resource.titleTr,
  description: resource.description,
  descriptionTr: resource.descriptionTr,
  link: resource.link,
  fileId: resource.fileId,
  quiz: resource.quiz,
});

const sectionValues = (section: SectionRow, courseId: string, position: number) => ({
  courseId,
  position,
  title: section.title,
  titleTr: section.titleTr,
  description: section.description,
  descriptionTr: section.descriptionTr,
});

/**
 * Makes the course's sections and resources equal to `sections`: rows whose sent `_id` exists in
 * THIS course are updated in place (a resource may move between sections), others are inserted
 * with fresh ids, and rows no longer present are deleted. Run inside the caller's transaction.
 *
 * Set-based (decision 114): the same few statements whatever the course's size — the two reads of
 * the ids it has, one upsert per table carrying every row, and the deletes of what is gone. (One
 * statement per kept resource and per section took ~2,550 round trips for 50 × 50, holding one of
 * the pool's ten connections for seconds.)
 */
export async function writeSections(tx: Tx, courseId: string, sections: SectionRow[]): Promise<void> {
  const [existingSections, existingResources] = await Promise.all([
    tx.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.courseId, courseId)),
    tx.select({ id: resources.id }).from(resources).where(eq(resources.courseId, courseId)),
  ]);
  const sectionIds = new Set(existingSections.map((row) => row.id));
  const resourceIds = new Set(existingResources.map((row) => row.id));
  // An id may be kept once; a repeated one is treated as new.
  const keptSections = new Set<string>();
  const keptResources = new Set<string>();
  /** The sent id when it is this course's and not kept yet, else a fresh one (the row is new). */
  const idFor = (givenId: string | undefined, existing: Set<string>, kept: Set<string>): string => {
    if (givenId && existing.has(givenId) && !kept.has(givenId)) {
      kept.add(givenId);
      return givenId;
    }
    return randomUUID();
  };

  const sectionRows: (ReturnType<typeof sectionValues> & { id: string })[] = [];
  const resourceRows: (ReturnType<typeof resourceValues> & { id: string })[] = [];
  for (const [position, section] of sections.entries()) {
    const sectionId = idFor(section.givenId, sectionIds, keptSections);
    sectionRows.push({ id: sectionId, ...sectionValues(section, courseId, position) });
    for (const [index, resource] of section.resources.entries()) {
      const id = idFor(resource.givenId, resourceIds, keptResources);
      resourceRows.push({ id, ...resourceValues(resource, courseId, sectionId, index) });
    }
  }
  // Sections first: a resource's row names its section, which may be new.
  await upsertAll(tx, courseSections, sectionRows);
  await upsertAll(tx, resources, resourceRows);

  const staleResources = [...resourceIds].filter((id) => !keptResources.has(id));
  if (staleResources.length > 0) {
    // Locked in id order first, as a learner's attempt locks its quizzes (decision 113: no deadlock).
    await tx
      .select({ id: resources.id })
      .from(resources)
      .where(inArray(resources.id, staleResources))
      .orderBy(resources.id)
      .for('update');
    await tx.delete(resources).where(inArray(resources.id, staleResources));
  }
  const staleSections = [...sectionIds].filter((id) => !keptSections.has(id));
  if (staleSections.length > 0)
    await tx.delete(courseSections).where(inArray(courseSections.id, staleSections));
}

/**
 * ONE `insert … on conflict (id) do update` for all `rows` of `table` (keys as the table's columns),
 * sent as one jsonb parameter read by `jsonb_to_recordset`: one statement and one parameter however
 * many rows (a parameter per value would pass PostgreSQL's 65,535 at about 5,000 resources). Only
 * ids of this course or fresh ones are given, so the update touches only this course's rows. A kept
 * row whose columns are all as sent is not written again (decision 209): no new row version, no
 * index entries, no WAL for what a save did not change. It is still locked, as the update would have.
 */
async function upsertAll(
  tx: Tx,
  table: typeof courseSections | typeof resources,
  rows: ({ id: string } & Record<string, unknown>)[],
): Promise<void> {
  if (rows.length === 0) return;
  const byKey: Record<string, { name: string; getSQLType(): string }> = getTableColumns(table);
  const keys = Object.keys(rows[0]!);
  const columns = keys.map((key) => byKey[key]!);
  const list = (parts: SQLChunk[]) => sql.join(parts, sql`, `);
  const names = list(columns.map((column) => sql.identifier(column.name)));
  const shape = list(
    columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
  );
  const written = columns
    .filter((column) => column.name !== 'id')
    .map((column) => sql.identifier(column.name));
  const updates = list(written.map((name) => sql`${name} = excluded.${name}`));
  const stored = list(written.map((name) => sql`${table}.${name}`));
  const sent = list(written.map((name) => sql`excluded.${name}`));
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key, i) => [columns[i]!.name, row[key] ?? null]))),
  );
  await tx.execute(sql`
    insert into ${table} (${names})
    select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${shape})
    on conflict (id) do update set ${updates}
    where (${stored}) is distinct from (${sent})`);
}
