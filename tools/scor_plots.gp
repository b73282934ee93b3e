# Fig 8 and Fig 9 of the ScoRD paper from the data scord-scor writes
# (`make scor`): gnuplot -e "dir='build/scor'" tools/scor_plots.gp
if (!exists("dir")) dir = "build/scor"
set terminal pngcairo size 900,420 noenhanced font ",10"
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid ytics
set key top left
set yrange [0:*]

set output dir."/fig8.png"
set title "Fig 8: cycles normalised to detector off"
set style histogram clustered gap 1
plot dir."/fig8.dat" using 2:xtic(1) title "full metadata", \
     "" using 3 title "cache (12.5%)", \
     1 with lines lc rgb "black" notitle

set output dir."/fig9.png"
set title "Fig 9: L2 accesses normalised to detector off (left bar: full, right bar: cache)"
set style data boxes
set boxwidth 0.35 absolute
set xrange [-0.6:*]
plot dir."/fig9.dat" using ($0-0.2):($2+$3):xtic(1) title "full: metadata" lc rgb "#88ccee", \
     "" using ($0-0.2):2 title "full: data" lc rgb "#4477aa", \
     "" using ($0+0.2):($4+$5) title "cache: metadata" lc rgb "#ee99aa", \
     "" using ($0+0.2):4 title "cache: data" lc rgb "#aa3377"
