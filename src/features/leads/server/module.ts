import 'server-only';
import type { z } from 'zod';
import type { FeatureModule } from '@/server/features';
import { defineForm } from '@/features/forms/server';
import { ContactRequest, DemoRequest, FeedbackRequest, QuoteRequest, type LeadRequest } from '../schema';
import { leadAcknowledgement } from './leads-mails';
import { leadsOfficeRoutes } from './leads-office-routes';
import { submitLead } from './leads-service';

/** Contact, call-back, demo, feedback and quote requests, each kept as a lead and mailed to sales. */
export const leadsModule: FeatureModule = { name: 'leads', mails: [leadAcknowledgement], office: leadsOfficeRoutes() };

const leadForm = <R extends LeadRequest>(request: z.ZodObject & z.ZodType<R>) =>
  defineForm(request, async ({ db, queue, request: body, ip, now, spam }) => {
    await submitLead(db, queue, body, { ip, now, spam });
  });

/** The forms of POST /rest/form this feature handles. */
export const leadForms = [leadForm(ContactRequest), leadForm(DemoRequest), leadForm(FeedbackRequest), leadForm(QuoteRequest)];
