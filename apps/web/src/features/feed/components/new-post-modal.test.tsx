import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Post } from '@alumnet/contract';
import {
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type Mock,
  type MockInstance,
} from 'vitest';
import { notify } from '../../../lib/notify';
import { NewPostModal } from './new-post-modal';

const USER_ID = '11111111-1111-4111-8111-111111111111';
const created = {
  _id: '22222222-2222-4222-8222-222222222222',
  message: 'Hello batch',
  image: 'stored.png',
  accessLevel: 'batch',
  likesCount: 0,
  likedByMe: false,
  comments: [],
  commentsCount: 0,
  postedBy: {
    _id: USER_ID,
    fullName: 'Meera Menon',
    profilePic: null,
    batchName: '2012-2016',
    branchName: 'Computer Science',
  },
  createdAt: '2025-06-15T12:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, message: string) =>
  json(status, { statusCode: status, error: 'Bad Request', message });

let errors: MockInstance<typeof notify.error>;
let fetchMock: Mock<typeof fetch>;
let onCreated: Mock<(post: Post) => void>;
let onClose: Mock<() => void>;

beforeEach(() => {
  errors = vi.spyOn(notify, 'error').mockReturnValue('toast');
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  onCreated = vi.fn<(post: Post) => void>();
  onClose = vi.fn<() => void>();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <NewPostModal userId={USER_ID} opened onClose={onClose} onCreated={onCreated} />
      </QueryClientProvider>
    </MantineProvider>,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const submit = () =>
  fireEvent.click(screen.getByRole('button', { name: /^(Post|Uploading\.\.\.)$/ }));
const typeMessage = (text: string) =>
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
async function shareWith(label: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Share with' }));
  fireEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}
function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
const lastError = () => errors.mock.calls.at(-1)?.[0];

describe('Create New Post', () => {
  it('checks the message, then Share with, then the image type, before sending anything', async () => {
    submit();
    expect(lastError()).toBe('Message content cannot be empty.');
    typeMessage('   \n  ');
    submit();
    expect(lastError()).toBe('Message content cannot be empty.');

    typeMessage('Hello batch');
    submit();
    expect(lastError()).toBe('Please select a valid value for "Share with"');

    await shareWith('Batch');
    chooseFile(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    submit();
    expect(lastError()).toBe('Invalid file type. Only image files are allowed.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the image, then posts it with the stored name and the chosen level', async () => {
    let finishUpload: (r: Response) => void = () => {};
    fetchMock
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (finishUpload = resolve)))
      .mockResolvedValueOnce(json(200, created));
    typeMessage('Hello batch');
    await shareWith('Batch');
    chooseFile(png());
    submit();

    await screen.findByRole('button', { name: 'Uploading...' });
    const [uploadPath, uploadInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(uploadPath).toMatch(/^\/v1\/\d+_a\.png$/);
    expect(uploadInit.method).toBe('PUT');
    finishUpload(json(200, { image: 'stored.png', url: '/v1/s3?image=stored.png' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const [addPath, addInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(addPath).toBe('/api/posts/add');
    expect(JSON.parse(addInit.body as string)).toEqual({
      message: 'Hello batch',
      image: 'stored.png',
      accessLevel: 'batch',
      postedBy: USER_ID,
    });
    expect(onClose).toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('stops when the upload fails and says why', async () => {
    fetchMock.mockResolvedValueOnce(refusal(415, 'Only JPEG and PNG images are allowed.'));
    typeMessage('Hello batch');
    await shareWith('College');
    chooseFile(png());
    submit();

    await waitFor(() =>
      expect(lastError()).toBe('Error uploading file: Only JPEG and PNG images are allowed.'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as 'Error: …' and a broken call as the generic message", async () => {
    fetchMock
      .mockResolvedValueOnce(refusal(400, 'A post can have at most 5000 characters.'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    typeMessage('Hello branch');
    await shareWith('Branch');

    submit();
    await waitFor(() =>
      expect(lastError()).toBe('Error: A post can have at most 5000 characters.'),
    );
    submit();
    await waitFor(() => expect(lastError()).toBe('An error occurred while creating the new post.'));
    expect(onCreated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
