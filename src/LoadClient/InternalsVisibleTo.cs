using System.Runtime.CompilerServices;

// The unit tests drive the recorder's sampler and CSV stream seam directly instead of waiting on timers.
[assembly: InternalsVisibleTo("RpcCompare.UnitTests")]

// The synthetic results both test projects report on are written with the real interval log writer.
[assembly: InternalsVisibleTo("RpcCompare.TestSupport")]
