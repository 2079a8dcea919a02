import { NotFound } from '../shared/ui/NotFound';

export default NotFound;
