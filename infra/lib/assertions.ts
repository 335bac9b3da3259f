// Re-exports aws-cdk-lib's template assertions from inside infra/, where aws-cdk-lib is installed, for tests/infra.
export { Match, Template } from 'aws-cdk-lib/assertions';
