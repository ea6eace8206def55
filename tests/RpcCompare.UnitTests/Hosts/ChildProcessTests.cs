using System.Diagnostics;
using RpcCompare.LoadClient.Hosts;

namespace RpcCompare.UnitTests.Hosts;

/// <summary>
/// A child in a session of its own (calibrate's runs, --client-processes' clients) hears of a stop only from its parent:
/// one SIGTERM when the parent is first told to stop, and a second when the parent is told again. Real processes: a
/// shell that says each SIGTERM it receives.
/// </summary>
public sealed class ChildProcessTests
{
    /// <summary>Says "term N" at each SIGTERM; "quick" exits 1 after the first, "slow" keeps stopping until a second
    /// (as a load client's stop takes a while) and exits 2; 9 if nothing came in 60 s. A trap runs once the foreground
    /// sleep ends, and once for signals that arrive together, so the test waits for each line before sending more.</summary>
    private const string SaysEachTerminate =
        "n=0; trap 'n=$((n+1)); echo term $n; if [ $n -ge 2 ]; then exit 2; fi' TERM; echo ready; " +
        "for i in $(seq 1 600); do sleep 0.1; if [ $n -ge 1 ] && [ \"$1\" = quick ]; then exit 1; fi; done; exit 9";

    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    [Fact]
    public Task TheParentsFirstStopReachesAChildInItsOwnSessionAsOneTerminate() => WithChild("quick", inOwnSession: true,
        async (child, ownSession, stopping, secondSignal) =>
        {
            Assert.True(ownSession, "setsid is part of util-linux, on every machine this project runs on");
            using (ChildProcess.PassOnStop(child, ownSession, secondSignal.Register, stopping.Token))
            {
                await stopping.CancelAsync();
                await child.WaitForExitAsync(CancellationToken.None).WaitAsync(Patience);
            }

            Assert.Equal("term 1", await child.StandardOutput.ReadLineAsync());
            Assert.Equal(1, child.ExitCode);
        });

    [Fact]
    public Task TheParentsSecondStopReachesItAsASecondTerminate() => WithChild("slow", inOwnSession: true,
        async (child, ownSession, stopping, secondSignal) =>
        {
            using (ChildProcess.PassOnStop(child, ownSession, secondSignal.Register, stopping.Token))
            {
                await stopping.CancelAsync();
                Assert.Equal("term 1", await child.StandardOutput.ReadLineAsync().WaitAsync(Patience));
                Assert.False(child.HasExited);

                // What Shutdown runs at the parent's second signal.
                secondSignal.Registered!();
                Assert.Equal("term 2", await child.StandardOutput.ReadLineAsync().WaitAsync(Patience));
                await child.WaitForExitAsync(CancellationToken.None).WaitAsync(Patience);
            }

            Assert.Equal(2, child.ExitCode);
        });

    [Fact]
    public Task NothingIsSentOnceTheHandleIsGone() => WithChild("quick", inOwnSession: true,
        async (child, ownSession, stopping, secondSignal) =>
        {
            ChildProcess.PassOnStop(child, ownSession, secondSignal.Register, stopping.Token).Dispose();
            await stopping.CancelAsync();

            Assert.False(child.WaitForExit(TimeSpan.FromSeconds(1)), "a stop after the handle was disposed must not reach the child");
        });

    [Fact]
    public Task AChildLeftInTheParentsGroupIsSentNothing() => WithChild("quick", inOwnSession: false,
        async (child, ownSession, stopping, secondSignal) =>
        {
            using (ChildProcess.PassOnStop(child, ownSession, secondSignal.Register, stopping.Token))
            {
                await stopping.CancelAsync();
            }

            Assert.False(ownSession);
            Assert.Null(secondSignal.Registered);
            Assert.False(child.WaitForExit(TimeSpan.FromSeconds(1)), "the child had the terminal's signal itself; another would be its second");
        });

    /// <summary>Starts the shell, runs <paramref name="test"/>, and kills the shell if the test left it running.</summary>
    private static async Task WithChild(string pace, bool inOwnSession, Func<Process, bool, CancellationTokenSource, SecondSignal, Task> test)
    {
        using var child = Start(pace, inOwnSession, out var ownSession);
        using var stopping = new CancellationTokenSource();
        try
        {
            await test(child, ownSession, stopping, new SecondSignal());
        }
        finally
        {
            if (!child.HasExited)
            {
                child.Kill();
            }
        }
    }

    private static Process Start(string pace, bool inOwnSession, out bool ownSession)
    {
        var start = new ProcessStartInfo("bash") { RedirectStandardOutput = true, UseShellExecute = false };
        foreach (var argument in new[] { "-c", SaysEachTerminate, "says", pace })
        {
            start.ArgumentList.Add(argument);
        }
        ownSession = inOwnSession && ChildProcess.InOwnSession(start);
        var process = Process.Start(start)!;
        // The trap is set once it says so: a SIGTERM before it would end the shell its own way.
        Assert.Equal("ready", process.StandardOutput.ReadLine());
        return process;
    }

    /// <summary>Stands in for Shutdown's list, which is the whole test process's: keeps what the parent's second signal
    /// would run.</summary>
    private sealed class SecondSignal
    {
        public Action? Registered { get; private set; }

        public Func<Action, IDisposable> Register => run =>
        {
            Registered = run;
            return new CancellationTokenRegistration();
        };
    }
}
