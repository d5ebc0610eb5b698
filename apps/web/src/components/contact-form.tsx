import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { API, helpRequestBody, okSchema } from '@alumnet/contract';
import type { HelpRequestBody } from '@alumnet/contract';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { api } from '../lib/api-client';
import { useTakenOver } from '../lib/use-taken-over';
import { notify } from '../lib/notify';

type Field = 'fullName' | 'email' | 'query';
type Values = Record<Field, string>;

const empty: Values = { fullName: '', email: '', query: '' };

/** Contact Us: files a help request (landing page and support page). */
export function ContactForm() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Values>>({});
  // Set at the press itself: a second press in the same moment (a double click) comes before
  // the mutation's pending state has rendered.
  const sending = useRef(false);
  const takenOver = useTakenOver();

  const send = useMutation({
    mutationFn: (body: HelpRequestBody) => api.post(API.help.add, okSchema, body),
    onSuccess: (answer) => {
      notify.success(answer.message);
      setValues(empty);
      setErrors({});
    },
    onError: (err) => notify.error(err.message),
    onSettled: () => {
      sending.current = false;
    },
  });

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const parsed = helpRequestBody.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Partial<Values> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (
          (field === 'fullName' || field === 'email' || field === 'query') &&
          !fieldErrors[field]
        ) {
          fieldErrors[field] = issue.message;
        }
      }
      setErrors(fieldErrors);
      notify.error(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    sending.current = true;
    send.mutate(parsed.data);
  };

  return (
    // noValidate: the contract's messages are the ones a person should read, not the browser's.
    <form method="post" onSubmit={submit} noValidate aria-label="Contact Us">
      <Stack gap="md">
        <TextInput
          label="Name"
          name="fullName"
          placeholder="Your full name"
          autoComplete="name"
          withAsterisk
          value={values.fullName}
          error={errors.fullName}
          onChange={(event) => change('fullName', event.currentTarget.value)}
        />
        <TextInput
          label="Email"
          name="email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          withAsterisk
          value={values.email}
          error={errors.email}
          onChange={(event) => change('email', event.currentTarget.value)}
        />
        <Textarea
          label="Message"
          name="query"
          placeholder="How can we help?"
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          value={values.query}
          error={errors.query}
          onChange={(event) => change('query', event.currentTarget.value)}
        />
        <Button
          type="submit"
          loading={!takenOver || send.isPending}
          size="md"
          style={{ alignSelf: 'flex-start' }}
        >
          Send message
        </Button>
      </Stack>
    </form>
  );
}
