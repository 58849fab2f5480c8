import { z } from 'zod';

/**
 * The outbound request rule's allow-list (`/api/security/outbound`): the hosts the server may call
 * on an operator's behalf although they are loopback, private, link-local or otherwise not public.
 * An entry is a host name (`*.example.com`: the domain's hosts), an IP address or a CIDR range.
 */
const hostName = /^(\*\.)?(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;
const ipOrRange = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];

/** true when `v` is a host name, `*.domain`, an IP address or a CIDR range */
export const isOutboundHostEntry = (v: string) => hostName.test(v) || ipOrRange.some((s) => s.safeParse(v).success);

const entry = z.string().trim().toLowerCase().min(1).max(253)
  .transform((v) => v.replace(/^\[(.*)\]$/, '$1'))
  .superRefine((v, ctx) => {
    if (!isOutboundHostEntry(v)) ctx.addIssue({ code: 'custom', message: 'outbound.badEntry', params: { entry: v } });
  });

export const outboundPolicySchema = z.object({
  allowHosts: z.array(entry).max(200).transform((a) => [...new Set(a)]),
});
export type OutboundPolicy = z.infer<typeof outboundPolicySchema>;
