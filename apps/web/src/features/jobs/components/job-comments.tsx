import { API, type Job } from '@alumnet/contract';
import { CommentThread } from '../../../components/comment-thread';
import { useSaveJobComment } from '../api/jobs';

export function JobComments({ job }: { job: Job }) {
  const saveComment = useSaveJobComment();
  return (
    <CommentThread
      comments={job.comments}
      commentsCount={job.commentsCount}
      threadPath={API.jobs.comments(job.id)}
      pending={saveComment.isPending}
      onComment={(comment, done) =>
        saveComment.mutate({ jobId: job.id, comment }, { onSuccess: done })
      }
    />
  );
}
