using System.Runtime.InteropServices;

namespace RpcCompare.LoadClient;

/// <summary>
/// Ctrl+C, SIGTERM and SIGHUP cancel <see cref="Token"/> so the run stops gracefully and writes what it measured; every
/// process the client started is registered here and stopped on the way out, also when a second signal insists.
/// </summary>
public static class Shutdown
{
    private static readonly CancellationTokenSource Source = new();
    private static readonly List<(int Order, Action Stop)> Cleanups = [];
    private static readonly List<PosixSignalRegistration> Registrations = [];
    private static int _signals;

    public static CancellationToken Token => Source.Token;

    public static bool Requested => Source.IsCancellationRequested;

    public static void Install()
    {
        if (Registrations.Count > 0)
        {
            return;
        }
        foreach (var signal in new[] { PosixSignal.SIGINT, PosixSignal.SIGTERM, PosixSignal.SIGHUP, PosixSignal.SIGQUIT })
        {
            Registrations.Add(PosixSignalRegistration.Create(signal, OnSignal));
        }
        AppDomain.CurrentDomain.ProcessExit += (_, _) => RunCleanups();
    }

    /// <summary>Runs <paramref name="stop"/> at exit unless the returned handle is disposed first; lower order runs first.</summary>
    public static IDisposable Register(Action stop, int order = 0)
    {
        var entry = (order, stop);
        lock (Cleanups)
        {
            Cleanups.Add(entry);
        }
        return new Unregister(() =>
        {
            lock (Cleanups)
            {
                Cleanups.Remove(entry);
            }
        });
    }

    private static void OnSignal(PosixSignalContext context)
    {
        if (Interlocked.Increment(ref _signals) == 1)
        {
            context.Cancel = true;
            Console.Error.WriteLine($"{context.Signal} received: stopping; results measured so far are kept (again to force).");
            Source.Cancel();
        }
        else
        {
            RunCleanups();
        }
    }

    public static void RunCleanups()
    {
        (int Order, Action Stop)[] pending;
        lock (Cleanups)
        {
            pending = [.. Cleanups.OrderBy(c => c.Order)];
            Cleanups.Clear();
        }
        foreach (var (_, stop) in pending)
        {
            try
            {
                stop();
            }
            catch (Exception e)
            {
                Console.Error.WriteLine($"While stopping: {e.Message}");
            }
        }
    }

    private sealed class Unregister(Action action) : IDisposable
    {
        public void Dispose() => action();
    }
}
