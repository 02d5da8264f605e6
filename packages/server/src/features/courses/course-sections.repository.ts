import { eq, inArray } from 'drizzle-orm';
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

  for (const [position, section] of sections.entries()) {
    let sectionId: string;
    if (section.givenId && sectionIds.has(section.givenId) && !keptSections.has(section.givenId)) {
      sectionId = section.givenId;
      await tx
        .update(courseSections)
        .set(sectionValues(section, courseId, position))
        .where(eq(courseSections.id, sectionId));
    } else {
      const [row] = await tx
        .insert(courseSections)
        .values(sectionValues(section, courseId, position))
        .returning({ id: courseSections.id });
      sectionId = row!.id;
    }
    keptSections.add(sectionId);

    const fresh: ReturnType<typeof resourceValues>[] = [];
    for (const [index, resource] of section.resources.entries()) {
      const values = resourceValues(resource, courseId, sectionId, index);
      if (resource.givenId && resourceIds.has(resource.givenId) && !keptResources.has(resource.givenId)) {
        keptResources.add(resource.givenId);
        await tx.update(resources).set(values).where(eq(resources.id, resource.givenId));
      } else fresh.push(values);
    }
    if (fresh.length > 0) await tx.insert(resources).values(fresh);
  }

  const staleResources = [...resourceIds].filter((id) => !keptResources.has(id));
  if (staleResources.length > 0) await tx.delete(resources).where(inArray(resources.id, staleResources));
  const staleSections = [...sectionIds].filter((id) => !keptSections.has(id));
  if (staleSections.length > 0)
    await tx.delete(courseSections).where(inArray(courseSections.id, staleSections));
}
