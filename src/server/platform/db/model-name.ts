import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { customers, unitModels } from './schema';

/**
 * A unit model's name in a reader's language (`locale`: a column holding 'en' or 'es'): the owner's Spanish name
 * for a Spanish reader where one is written, else the English (migration 0026). For what we write to a customer:
 * e-mails, the agreement, the order link's page.
 */
export const modelNameIn = (locale: AnyColumn | SQL) =>
  sql<string>`coalesce(case when ${locale} = 'es' then ${unitModels.nameEs} end, ${unitModels.name})`;

/** The model's name in the language of the customer joined to the query (customers.locale). */
export const modelNameForCustomer = () => modelNameIn(customers.locale);
