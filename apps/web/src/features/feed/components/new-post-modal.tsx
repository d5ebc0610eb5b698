import type { Post } from '@alumnet/contract';
import { PostComposerModal } from '../../../components/post-composer-modal';
import { useAddPost } from '../api/posts';

type NewPostModalProps = {
  userId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (post: Post) => void;
};

/** 'Create New Post' (member-portal.md §2, §5, §8): message, 'Share with', optional image. */
export function NewPostModal({ userId, ...modal }: NewPostModalProps) {
  const addPost = useAddPost(userId);
  return (
    <PostComposerModal
      {...modal}
      withShareWith
      saving={addPost.isPending}
      save={({ message, image, accessLevel }) =>
        // The composer asks the level whenever withShareWith is set; the server checks it too.
        addPost.mutateAsync({ message, image, accessLevel: accessLevel ?? 'college' })
      }
    />
  );
}
