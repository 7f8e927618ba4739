import { MigrationInterface, QueryRunner, Table } from 'typeorm';

export class WebhookDeliveries1763800000000 implements MigrationInterface {
  name = 'WebhookDeliveries1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'url', type: 'varchar', length: '2048' },
          { name: 'image_url', type: 'varchar', length: '2048' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'response_status', type: 'int', isNullable: true },
          { name: 'duration_ms', type: 'int' },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
          { name: 'created_at', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IDX_webhook_deliveries_account_created', columnNames: ['account_id', 'created_at'] }],
        foreignKeys: [
          { columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webhook_deliveries');
  }
}
