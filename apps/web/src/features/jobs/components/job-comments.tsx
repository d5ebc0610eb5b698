import type { Job } from '@alumnet/contract';
import { CommentThread } from '../../../components/comment-thread';
import { useSaveJobComment } from '../api/jobs';

export function JobComments({ job }: { job: Job }) {
  const saveComment = useSaveJobComment();
  return (
    <CommentThread
      comments={job.comments}
      pending={saveComment.isPending}
      onComment={(comment, done) =>
        saveComment.mutate({ jobId: job.id, comment }, { onSuccess: done })
      }
    />
  );
}
