import { Card, CardTitle } from '../../ui/card';

export function ForgotPasswordPage() {
  return (
    <Card className="w-full max-w-sm p-8">
      <CardTitle>Reset your password</CardTitle>
    </Card>
  );
}
