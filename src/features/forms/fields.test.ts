import { describe, expect, it } from 'vitest';
import { JobApplicationFields } from '@/features/applications/schema';
import { CourseApplicationForm } from '@/features/courses/schema';
import { ContactForm } from '@/features/leads/schema';

const forms = { contact: ContactForm.shape, application: JobApplicationFields.shape, course: CourseApplicationForm.shape };

describe('the fields the visitor forms share', () => {
  it.each(Object.entries(forms))('%s: a phone with an extension, a name, an address, as every other form takes them', (_, shape) => {
    expect(shape.phone.safeParse('+34 600 000 000 ext 12').success).toBe(true);
    expect(shape.phone.safeParse('12ab').error?.issues[0]?.message).toBe('phoneFormat');
    expect(shape.name.safeParse('Al').error?.issues[0]?.message).toBe('nameMin');
    expect(shape.email.safeParse(' ana@example.com ').data).toBe('ana@example.com');
    // An empty address is missing, not of the wrong format.
    expect(shape.email.safeParse('  ').error?.issues[0]?.message).toBe('required');
    expect(shape.email.safeParse('ana@').error?.issues[0]?.message).toBe('emailFormat');
  });
});
