namespace RpcCompare.Reports.Statistics;

public enum QuantileMethod
{
    /// <summary>Harrell-Davis: a Beta-weighted mean of all order statistics; smooth and efficient for small samples.</summary>
    HarrellDavis,

    /// <summary>Hyndman-Fan type 7: linear interpolation between two order statistics (R's and NumPy's default).</summary>
    HyndmanFanType7,
}
