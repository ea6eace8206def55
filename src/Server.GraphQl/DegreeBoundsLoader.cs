using Microsoft.EntityFrameworkCore;
using RpcCompare.Data;
using RpcCompare.Server.Common;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// Loads <see cref="DegreeBounds"/> before the host starts listening (hosted services start before Kestrel), so the first
/// request is costed by the real degrees. The first try has no deadline of its own: Npgsql's connect and command timeouts
/// (15 s and 30 s by default) end it if the database does not answer, within the 60 s a host has to start; a timer of our own
/// would also fire on a database that is only slow to answer the first query of a busy machine. If it fails, the host
/// starts anyway with the conservative fallback bound, says so in a warning, and tries again every <see cref="RetryEvery"/>.
/// </summary>
public sealed partial class DegreeBoundsLoader(DegreeBounds bounds, IDbContextFactory<GraphDb> contexts, HostConfiguration configuration,
    ILogger<DegreeBoundsLoader> logger) : IHostedService, IDisposable
{
    public static readonly TimeSpan RetryEvery = TimeSpan.FromSeconds(10);

    private readonly CancellationTokenSource _stopping = new();
    private Task? _retries;

    public async Task StartAsync(CancellationToken cancellationToken)
    {
        using var firstTry = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _stopping.Token);
        try
        {
            await LoadAsync(firstTry.Token);
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested)
        {
            LogFallback(logger, Reason(e), DegreeBounds.FallbackMaxDegree, RetryEvery.TotalSeconds);
            _retries = RetryAsync(_stopping.Token);
        }
        configuration.Set("degree table", Describe(bounds));
        configuration.Set("max complexity (this dataset)", $"{GraphCost.MaxComplexityFor(bounds.MaxDegree):N0}");
    }

    public async Task StopAsync(CancellationToken cancellationToken)
    {
        await _stopping.CancelAsync();
        if (_retries is not null)
        {
            await _retries.WaitAsync(cancellationToken).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }
    }

    public void Dispose() => _stopping.Dispose();

    public static string Describe(DegreeBounds bounds) => bounds.IsLoaded
        ? $"{bounds.Count:N0} nodes with more than {DegreeBounds.Threshold} links, max degree {bounds.MaxDegree:N0}"
        : $"not loaded at start: every node bounded by {DegreeBounds.FallbackMaxDegree:N0} links, retried every {RetryEvery.TotalSeconds:N0} s";

    private static string Reason(Exception e) => $"{e.GetType().Name}: {e.Message}";

    private async Task LoadAsync(CancellationToken cancellationToken)
    {
        await using var db = await contexts.CreateDbContextAsync(cancellationToken);
        var rows = await db.Nodes.Where(n => n.LinkCount > DegreeBounds.Threshold)
            .Select(n => new { n.Id, n.LinkCount })
            .ToListAsync(cancellationToken);
        bounds.Load(rows.Select(r => KeyValuePair.Create(r.Id, r.LinkCount)));
    }

    private async Task RetryAsync(CancellationToken stopping)
    {
        while (!stopping.IsCancellationRequested)
        {
            try
            {
                await Task.Delay(RetryEvery, stopping);
                await LoadAsync(stopping);
                LogLoaded(logger, Describe(bounds), GraphCost.MaxComplexityFor(bounds.MaxDegree));
                return;
            }
            catch (OperationCanceledException) when (stopping.IsCancellationRequested)
            {
                return;
            }
            catch (Exception e)
            {
                LogStillFallback(logger, Reason(e));
            }
        }
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "The node degrees for the GraphQL cost model could not be loaded ({Reason}); " +
        "every node is bounded by {Fallback} links until they are (retried every {Seconds} s).")]
    private static partial void LogFallback(ILogger logger, string reason, int fallback, double seconds);

    [LoggerMessage(Level = LogLevel.Warning, Message = "The node degrees for the GraphQL cost model are loaded: {Table}; max complexity {MaxComplexity}.")]
    private static partial void LogLoaded(ILogger logger, string table, double maxComplexity);

    [LoggerMessage(Level = LogLevel.Warning, Message = "The node degrees for the GraphQL cost model still cannot be loaded ({Reason}).")]
    private static partial void LogStillFallback(ILogger logger, string reason);
}
