import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';

// The preview without a customer (the template editor's): sample values in the template's language.
const t = await createTestApp();
let admin: AdminClient;
beforeAll(async () => {
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

describe('POST /api/admin/email-templates/preview with sample data', () => {
  it('previews a Spanish template with sample data written in Spanish', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      payload: {
        locale: 'es',
        subject: 'Su entrega: {{deliveryDate}}',
        body: '{{unitModel}}, {{rate}}, desde el {{startDate}}; {{deliveryWindow}}. {{deliveryPlan}} {{cancellationTerms}}',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subject: 'Su entrega: lunes, 1 de junio de 2026',
      body:
        'Aire portátil de 12,000-14,000 BTU, $39.00/mes, desde el 1 de junio de 2026; 8 a.m.-11 a.m.. ' +
        'El 1 de junio de 2026, entre 8 a.m.-11 a.m., entregaremos e instalaremos su unidad. ' +
        'Esta fecha da los 30 días de aviso requeridos después de su plazo mínimo; no se aplica tarifa por ' +
        'terminación anticipada.',
    });
  });
});
