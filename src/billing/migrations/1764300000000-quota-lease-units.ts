import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** A lease may hold several units (a document reserves one per page, all or none, §21); leases taken before hold one. */
export class QuotaLeaseUnits1764300000000 implements MigrationInterface {
  name = 'QuotaLeaseUnits1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('quota_leases', new TableColumn({ name: 'units', type: 'int', default: 1 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('quota_leases', 'units');
  }
}
