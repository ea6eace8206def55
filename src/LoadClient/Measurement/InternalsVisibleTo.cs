using System.Runtime.CompilerServices;

// The unit tests drive the recorder's sampler and CSV stream seam directly instead of waiting on timers.
[assembly: InternalsVisibleTo("RpcCompare.UnitTests")]
