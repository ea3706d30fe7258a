import { Card, CardTitle } from '../../ui/card';

export function SignupPage() {
  return (
    <Card className="w-full max-w-md p-8">
      <CardTitle>Sign up for a 14-day free trial</CardTitle>
    </Card>
  );
}
