import type { FastifyInstance } from 'fastify';

/** Routes of the rewards module: cashback, affiliate profit, bonus and referral approvals and claims (being built). */
export async function rewardsRoutes(_app: FastifyInstance): Promise<void> {}
