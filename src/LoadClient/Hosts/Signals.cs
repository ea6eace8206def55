using System.Runtime.InteropServices;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>POSIX signals to the processes we started: TERM for a graceful stop, STOP/CONT to simulate a stalled host,
/// USR1 to make a host renew its database connections (Server.Common's ConnectionRenewal).</summary>
public static partial class Signals
{
    public const int Interrupt = 2;
    public const int Term = 15;
    public const int Kill = 9;
    public const int Stop = 19;
    public const int Continue = 18;
    public const int RenewConnections = 10;

    public static bool Send(int pid, int signal) => kill(pid, signal) == 0;

    [LibraryImport("libc", SetLastError = true)]
    private static partial int kill(int pid, int sig);
}
