using System.Diagnostics;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>A running server.js; disposing closes its stdin (it shuts down) and kills it if it lingers.</summary>
internal sealed class NodeGrpcServer(Process process, Uri address) : IAsyncDisposable
{
    public Uri Address { get; } = address;

    public async ValueTask DisposeAsync()
    {
        try
        {
            process.StandardInput.Close();
            using var grace = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            await process.WaitForExitAsync(grace.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
        }
        finally
        {
            process.Dispose();
        }
    }
}
