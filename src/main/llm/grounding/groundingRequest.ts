/** A call grounded in a project: its folder and the sensitive or ignored paths the user allows. */
export interface GroundingRequest {
  root: string;
  allow?: readonly string[];
}
