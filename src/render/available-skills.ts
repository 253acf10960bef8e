// The `<available_skills>` block: the XML form of a skill listing, as the open specification's tools print it.

/** What one entry needs. */
export interface AvailableSkill {
  name: string;
  description: string;
  /** Absolute path of the SKILL.md. */
  path: string;
}

/** Escape text for XML content and attributes (`&`, `<`, `>`, quotes). */
export function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** Render skills as an `<available_skills>` block, one `<skill>` with name, description and location each. */
export function renderAvailableSkills(skills: readonly AvailableSkill[]): string {
  const lines = ['<available_skills>'];
  for (const s of skills) {
    lines.push(
      '<skill>',
      '<name>',
      escapeXml(s.name),
      '</name>',
      '<description>',
      escapeXml(s.description),
      '</description>',
    );
    lines.push('<location>', escapeXml(s.path), '</location>', '</skill>');
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}
